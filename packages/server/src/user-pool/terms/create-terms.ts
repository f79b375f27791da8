import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { requirePoolClient } from '../app-clients/app-client-repository.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { clientIdSchema, object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { insertTerms, requireTerms } from './terms-repository.js';
import { auditedTerms, checkLinks, enforcementSchema, linksSchema, termsNameSchema, termsSourceSchema, toTermsType } from './terms-shapes.js';

/** CreateTerms: a client's terms of use or privacy policy, a URL per language (TermsExistsException for a second of a kind). */
export const createTerms = defineOperation(
  'CreateTerms',
  object({ UserPoolId: userPoolIdSchema, ClientId: clientIdSchema, TermsName: termsNameSchema, TermsSource: termsSourceSchema, Enforcement: enforcementSchema, Links: optional(linksSchema) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('check the client', (ctx, i, s) => requirePoolClient(ctx, s.pool.id, i.ClientId))
  .step('write', (_ctx, i) => ({ name: i.TermsName, links: checkLinks(i.Links) }))
  .step('id', (ctx, i, s) =>
    ctx.audit.change(
      (tx) => insertTerms(tx, s.pool.id, i.ClientId, s.write, ctx.clock.now()),
      (id) => operationEvent(ctx, 'admin.terms.created', undefined, { record: { type: 'terms', id }, related: [{ type: 'app_client', id: i.ClientId }], changes: fieldChanges(null, auditedTerms(s.write)) }),
    ),
  )
  .step('created', (ctx, _i, s) => requireTerms(ctx.db, s.pool.id, s.id))
  .respond((_ctx, _i, s) => ({ Terms: toTermsType(s.created) }));
