import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { deleteTerms, requireTerms } from './terms-repository.js';
import { auditedTerms, termsIdSchema } from './terms-shapes.js';

/** DeleteTerms. */
export const deleteTermsOperation = defineOperation('DeleteTerms', object({ UserPoolId: userPoolIdSchema, TermsId: termsIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requireTerms(ctx.db, s.pool.id, i.TermsId))
  .do('delete the terms', async (ctx, i, s) => {
    const deleted = await ctx.audit.change(
      (tx) => deleteTerms(tx, s.current.id),
      (done) =>
        done
          ? operationEvent(ctx, 'admin.terms.deleted', undefined, {
              record: { type: 'terms', id: s.current.id },
              related: [{ type: 'app_client', id: s.current.clientId }],
              changes: fieldChanges(auditedTerms(s.current), null),
            })
          : undefined,
    );
    if (!deleted) throw fail('ResourceNotFoundException', `Terms ${i.TermsId} do not exist.`);
  })
  .respond(() => ({}));
