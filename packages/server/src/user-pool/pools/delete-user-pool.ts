import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { processRevocations } from '../../tokens/revocation-feed.js';
import { defineOperation } from '../operations/operation.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { findDefaultPool, requirePool } from './pool-repository.js';
import { storedSetting } from './pool-settings.js';

/**
 * DeleteUserPool: the pool with its users, app clients, groups, resource servers, domains, devices
 * and sign-ins (the foreign keys cascade). Refused while DeletionProtection is ACTIVE, as Cognito's,
 * and for the server's default pool, which the web app and `pnpm start` run on.
 */
export const deleteUserPool = defineOperation('DeleteUserPool', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('refuse a protected pool', async (ctx, _i, s) => {
    if (storedSetting(s.pool, 'deletionProtection') === 'ACTIVE') {
      throw fail('InvalidParameterException', `The user pool ${s.pool.id} has deletion protection activated. Deactivate it with UpdateUserPool before deleting the pool.`);
    }
    if ((await findDefaultPool(ctx.db))?.userPoolId === s.pool.id) {
      throw fail('InvalidParameterException', `The user pool ${s.pool.id} is the server's default pool (the web app's) and cannot be deleted.`);
    }
  })
  .step('subs', (ctx, _i, s) =>
    ctx.audit.change(
      async (tx) => {
        const users = await tx.query<{ sub: string }>('SELECT sub FROM users WHERE pool_id = $1', [s.pool.id]);
        await tx.query('DELETE FROM user_pools WHERE id = $1', [s.pool.id]);
        return users.map((u) => u.sub);
      },
      (subs) => operationEvent(ctx, 'admin.pool.deleted', undefined, { record: { type: 'user_pool', id: s.pool.id }, details: { name: s.pool.name, users: subs.length } }),
    ),
  )
  // Caches of this process (the data API's groups, verified tokens) forget the deleted users at once.
  .do('announce the deletion', (_ctx, _i, s) => {
    for (const sub of s.subs) processRevocations.publish({ sub });
  })
  .respond(() => ({}));
