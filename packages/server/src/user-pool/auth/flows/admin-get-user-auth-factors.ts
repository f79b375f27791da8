import { adminTarget } from '../../admin/admin-target.js';
import { defineOperation } from '../../operations/operation.js';
import { object, userPoolIdSchema, usernameSchema } from '../../wire/input-schema.js';
import { userAuthFactors } from './user-auth-factors.js';

/** AdminGetUserAuthFactors: a user's MFA settings and configured sign-in factors. */
export const adminGetUserAuthFactors = defineOperation('AdminGetUserAuthFactors', object({ UserPoolId: userPoolIdSchema, Username: usernameSchema }), { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .respond((ctx, _i, s) => userAuthFactors(ctx, s.target.pool, s.target.user));
