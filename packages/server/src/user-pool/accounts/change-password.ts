import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { verifyPassword } from '../users/password-hash.js';
import { assertPasswordConforms } from '../users/password-policy.js';
import { setPassword } from '../users/set-password.js';
import { accessTokenSchema, object, passwordSchema } from '../wire/input-schema.js';

/** ChangePassword: the caller replaces their password, proving the previous one. */
export const changePassword = defineOperation('ChangePassword', object({ AccessToken: accessTokenSchema, PreviousPassword: passwordSchema, ProposedPassword: passwordSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('stop when password attempts are exhausted', (ctx, _i, s) => ctx.limits.assertPasswordAttemptsLeft(s.caller.user.sub))
  .do('check the previous password', async (ctx, i, s) => {
    if (!(await verifyPassword(i.PreviousPassword, s.caller.user.passwordHash))) {
      await ctx.limits.recordWrongPassword(s.caller.user.sub);
      throw fail('NotAuthorizedException', 'Incorrect username or password.');
    }
  })
  .do('check the password policy', (_ctx, i, s) => assertPasswordConforms(i.ProposedPassword, s.caller.pool.passwordPolicy))
  .do('set the new password', (ctx, i, s) => setPassword(ctx, s.caller.user, i.ProposedPassword, s.caller.user.status))
  .respond(() => ({}));
