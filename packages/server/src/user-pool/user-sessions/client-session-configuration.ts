// GetUserPoolClientSessionConfiguration / SetUserPoolClientSessionConfiguration: how long after a
// user's sign-in on managed login this app client silently reuses that SSO session (the hosted
// session) at /oauth2/authorize instead of showing the sign-in form again. 0: never.
import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { clientIdSchema, integer, object, userPoolIdSchema } from '../wire/input-schema.js';
import { clientSsoMaxValidityMinutes, requireSessionTracking, SSO_MAX_VALIDITY } from './session-configuration.js';

const clientOfPool = { UserPoolId: userPoolIdSchema, ClientId: clientIdSchema };

/** The client's minutes, or ResourceNotFoundException. */
async function requireClientMinutes(...args: Parameters<typeof clientSsoMaxValidityMinutes>): Promise<number> {
  const minutes = await clientSsoMaxValidityMinutes(...args);
  if (minutes === undefined) throw fail('ResourceNotFoundException', `User pool client ${args[2]} does not exist.`);
  return minutes;
}

/** GetUserPoolClientSessionConfiguration (60 minutes until it is set). */
export const getUserPoolClientSessionConfiguration = defineOperation('GetUserPoolClientSessionConfiguration', object(clientOfPool), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('minutes', (ctx, i, s) => requireClientMinutes(ctx.db, s.pool.id, i.ClientId))
  .respond((_ctx, i, s) => ({ UserPoolId: s.pool.id, ClientId: i.ClientId, SSOSession: { MaxValidityMinutes: s.minutes } }));

/** SetUserPoolClientSessionConfiguration: needs session tracking on in the pool, as on Cognito. */
export const setUserPoolClientSessionConfiguration = defineOperation(
  'SetUserPoolClientSessionConfiguration',
  object({ ...clientOfPool, SSOSession: object({ MaxValidityMinutes: integer(SSO_MAX_VALIDITY.min, SSO_MAX_VALIDITY.max) }) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('require session tracking', (_ctx, _i, s) => requireSessionTracking(s.pool))
  .step('before', (ctx, i, s) => requireClientMinutes(ctx.db, s.pool.id, i.ClientId))
  .do('store the validity', (ctx, i, s) =>
    ctx.audit.change(
      (tx) => tx.query('UPDATE app_clients SET sso_max_validity_minutes = $3, updated_at = $4 WHERE id = $1 AND pool_id = $2', [i.ClientId, s.pool.id, i.SSOSession.MaxValidityMinutes, ctx.clock.now()]),
      () =>
        operationEvent(ctx, 'admin.session_configuration.set', undefined, {
          record: { type: 'app_client', id: i.ClientId },
          changes: fieldChanges({ ssoMaxValidityMinutes: s.before }, { ssoMaxValidityMinutes: i.SSOSession.MaxValidityMinutes }),
        }),
    ),
  )
  .respond((_ctx, i, s) => ({ UserPoolId: s.pool.id, ClientId: i.ClientId, SSOSession: { MaxValidityMinutes: i.SSOSession.MaxValidityMinutes } }));
