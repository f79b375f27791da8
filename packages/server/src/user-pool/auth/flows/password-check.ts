// Checking a plain password (USER_PASSWORD_AUTH, USER_AUTH's PASSWORD): throttled per user, the
// same work whether or not the user exists, and the same error for an unknown user and a wrong
// password.
import { randomUUID } from 'node:crypto';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { hashPassword, verifyPassword } from '../../users/password-hash.js';
import type { UserRecord } from '../../users/user-repository.js';
import { assertUserMaySignIn, unknownUserError, WRONG_CREDENTIALS } from '../sign-in/user-gate.js';
import type { SignInScope } from '../sign-in/sign-in-outcome.js';

let decoyHash: Promise<string> | undefined;

/** A real scrypt hash of a random password, so unknown users cost the same scrypt as real ones. */
function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomUUID());
  return decoyHash;
}

/**
 * Returns the user when `password` is theirs and they may sign in. Unknown user: the decoy hash
 * is checked and NotAuthorizedException (or UserNotFoundException for clients that reveal
 * existence) thrown. Wrong password: counted, NotAuthorizedException 'Incorrect username or
 * password.', or 'Password attempts exceeded' once the limit is reached.
 */
export async function checkPassword(ctx: OperationContext, scope: SignInScope, user: UserRecord | undefined, password: string): Promise<UserRecord> {
  if (user === undefined) {
    await verifyPassword(password, await decoyPasswordHash());
    throw unknownUserError(scope.client.preventUserExistenceErrors);
  }
  await ctx.limits.assertPasswordAttemptsLeft(user.sub);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await ctx.limits.recordWrongPassword(user.sub);
    throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  }
  assertUserMaySignIn(user, ctx.clock.now());
  return user;
}
