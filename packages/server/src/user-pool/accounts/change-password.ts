import { operationEvent } from '../../audit/operation-audit.js';
import { decoyPasswordHash, guessPassword } from '../auth/flows/password-check.js';
import { defineOperation } from '../operations/operation.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { verifyPassword } from '../users/password-hash.js';
import { assertPasswordConforms } from '../users/password-policy.js';
import { setPassword } from '../users/set-password.js';
import { accessTokenSchema, object, passwordSchema } from '../wire/input-schema.js';

/** ChangePassword: the caller replaces their password, proving the previous one. */
export const changePassword = defineOperation('ChangePassword', object({ AccessToken: accessTokenSchema, PreviousPassword: passwordSchema, ProposedPassword: passwordSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('check the previous password, counted on the lockout', async (ctx, i, s) =>
    guessPassword(ctx, await ctx.lockout.claimAttempt(ctx.lockout.userKey('password', s.caller.user.sub)), s.caller.user, async (user) =>
      verifyPassword(i.PreviousPassword, user?.passwordHash ?? (await decoyPasswordHash())),
    ),
  )
  .do('check the password policy', (_ctx, i, s) => assertPasswordConforms(i.ProposedPassword, s.caller.pool.passwordPolicy))
  .do('set the new password', (ctx, i, s) => setPassword(ctx, s.caller.user, i.ProposedPassword, s.caller.user.status, { audit: operationEvent(ctx, 'password.changed', s.caller.user) }))
  .respond(() => ({}));
