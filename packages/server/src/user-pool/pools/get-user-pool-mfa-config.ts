import { defineOperation } from '../operations/operation.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { requirePool } from './pool-repository.js';
import { mfaConfigOf } from './user-pool-mfa-config.js';

/** GetUserPoolMfaConfig: OFF / ON / OPTIONAL and which MFA methods the pool offers. */
export const getUserPoolMfaConfig = defineOperation('GetUserPoolMfaConfig', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .respond((_ctx, _i, s) => mfaConfigOf(s.pool));
