import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { newUserPoolId } from '../../seed/seed.js';
import { defineOperation } from '../operations/operation.js';
import { object } from '../wire/input-schema.js';
import { describePool } from './pool-description.js';
import { insertPool } from './pool-repository.js';
import { createPoolMembers, resolvePoolSchema, resolvePoolWrite } from './pool-settings.js';

/**
 * CreateUserPool: a new pool `<region>_<9 letters and digits>` with the requested settings; what is
 * left out takes Cognito's defaults (MFA off, no device tracking, the default password policy…).
 * Answers the new pool as DescribeUserPool does.
 */
export const createUserPool = defineOperation('CreateUserPool', object(createPoolMembers), { access: 'admin' })
  .step('schema', (_ctx, i) => resolvePoolSchema(i))
  .step('write', (_ctx, i) => resolvePoolWrite(i, { name: i.PoolName, tags: {} }))
  .step('poolId', (ctx) => newUserPoolId(ctx.config.region))
  .do('insert the pool', (ctx, i, s) =>
    ctx.audit.change(
      (tx) =>
        insertPool(
          tx,
          {
            id: s.poolId,
            name: s.write.name,
            mfaConfiguration: s.write.mfaConfiguration,
            enabledMfas: s.write.enabledMfas,
            passwordPolicy: s.write.passwordPolicy,
            aliasAttributes: s.schema.aliasAttributes,
            autoVerifiedAttributes: s.write.autoVerifiedAttributes,
            requiredAttributes: s.schema.requiredAttributes,
            customAttributes: s.schema.customAttributes,
            deviceConfiguration: s.write.deviceConfiguration,
            settings: {
              ...s.write.settings,
              usernameAttributes: s.schema.usernameAttributes,
              immutableAttributes: s.schema.immutableAttributes,
              // Cognito's API default: usernames are case-sensitive unless the request says otherwise.
              usernameConfiguration: i.UsernameConfiguration ?? { CaseSensitive: true },
            },
          },
          ctx.clock.now(),
        ),
      () => operationEvent(ctx, 'admin.pool.created', undefined, { record: { type: 'user_pool', id: s.poolId }, changes: fieldChanges(null, { name: s.write.name }) }),
    ),
  )
  .step('pool', (ctx, _i, s) => describePool(ctx, s.poolId))
  .respond((_ctx, _i, s) => ({ UserPool: s.pool }));
