// GetUserPoolSessionConfiguration / SetUserPoolSessionConfiguration: whether the pool tracks user
// sessions (the session operations answer OperationNotEnabledException until it does) and MaxPerUser,
// the most token sessions a user keeps: a sign-in beyond it revokes their least recently used one.
import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { enumeration, integer, object, userPoolIdSchema } from '../wire/input-schema.js';
import { poolSessionConfiguration, savePoolSessionConfiguration, type PoolSessionConfiguration } from './session-configuration.js';

/** GetUserPoolSessionConfiguration (Cognito's defaults, DISABLED and 20, until it is set). */
export const getUserPoolSessionConfiguration = defineOperation('GetUserPoolSessionConfiguration', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .respond((_ctx, _i, s) => ({ UserPoolId: s.pool.id, ...poolSessionConfiguration(s.pool) }));

/** SetUserPoolSessionConfiguration: replaces the whole configuration (every member is required). */
export const setUserPoolSessionConfiguration = defineOperation(
  'SetUserPoolSessionConfiguration',
  object({ UserPoolId: userPoolIdSchema, UserSessionTracking: enumeration(['ENABLED', 'DISABLED'] as const), TokenSession: object({ MaxPerUser: integer(1, 100) }) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('configuration', (ctx, i, s) => {
    const configuration: PoolSessionConfiguration = { UserSessionTracking: i.UserSessionTracking, TokenSession: { MaxPerUser: i.TokenSession.MaxPerUser } };
    const before = poolSessionConfiguration(s.pool);
    return ctx.audit.change(
      async (tx) => {
        await savePoolSessionConfiguration(tx, s.pool.id, configuration, ctx.clock.now());
        return configuration;
      },
      () =>
        operationEvent(ctx, 'admin.session_configuration.set', undefined, {
          record: { type: 'user_pool', id: s.pool.id },
          changes: fieldChanges(
            { userSessionTracking: before.UserSessionTracking, maxPerUser: before.TokenSession.MaxPerUser },
            { userSessionTracking: configuration.UserSessionTracking, maxPerUser: configuration.TokenSession.MaxPerUser },
          ),
        }),
    );
  })
  .respond((_ctx, _i, s) => ({ UserPoolId: s.pool.id, ...s.configuration }));
