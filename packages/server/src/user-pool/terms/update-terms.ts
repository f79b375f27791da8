import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { requireTerms, updateTerms, type TermsWrite } from './terms-repository.js';
import { auditedTerms, checkLinks, enforcementSchema, linksSchema, termsIdSchema, termsNameSchema, termsSourceSchema, toTermsType } from './terms-shapes.js';

/** UpdateTerms: the members given replace the stored ones (Links as a whole); the others are kept. */
export const updateTermsOperation = defineOperation(
  'UpdateTerms',
  object({
    UserPoolId: userPoolIdSchema,
    TermsId: termsIdSchema,
    TermsName: optional(termsNameSchema),
    TermsSource: optional(termsSourceSchema),
    Enforcement: optional(enforcementSchema),
    Links: optional(linksSchema),
  }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requireTerms(ctx.db, s.pool.id, i.TermsId))
  .step('write', (_ctx, i, s): TermsWrite => ({ name: i.TermsName ?? s.current.name, links: i.Links === undefined ? s.current.links : checkLinks(i.Links) }))
  .do('save the terms', async (ctx, i, s) => {
    const saved = await ctx.audit.change(
      (tx) => updateTerms(tx, s.current.id, s.write, ctx.clock.now()),
      (done) =>
        done
          ? operationEvent(ctx, 'admin.terms.updated', undefined, {
              record: { type: 'terms', id: s.current.id },
              related: [{ type: 'app_client', id: s.current.clientId }],
              changes: fieldChanges(auditedTerms(s.current), auditedTerms(s.write)),
            })
          : undefined,
    );
    if (!saved) throw fail('ResourceNotFoundException', `Terms ${i.TermsId} do not exist.`);
  })
  .step('updated', (ctx, _i, s) => requireTerms(ctx.db, s.pool.id, s.current.id))
  .respond((_ctx, _i, s) => ({ Terms: toTermsType(s.updated) }));
