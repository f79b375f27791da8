import { defineOperation } from '../../operations/operation.js';
import { authenticatedUser } from '../../users/authenticated-user.js';
import { accessTokenSchema, object } from '../../wire/input-schema.js';
import { userAuthFactors } from './user-auth-factors.js';

/** GetUserAuthFactors: the signed-in user's MFA settings and configured sign-in factors. */
export const getUserAuthFactors = defineOperation('GetUserAuthFactors', object({ AccessToken: accessTokenSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .respond((ctx, _i, s) => userAuthFactors(ctx, s.caller.pool, s.caller.user));
