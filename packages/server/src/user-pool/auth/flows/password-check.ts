// Checking a password guess (USER_PASSWORD_AUTH, USER_AUTH's PASSWORD, the SRP proof of
// PASSWORD_VERIFIER, ChangePassword) under the lockout (abuse/lockout.ts): the guess is counted
// before it is checked, a locked counter refuses it unchecked, and every path does the same work
// (a real check, or a decoy check of the same cost), so neither the answer nor its time tells an
// outsider whether the name exists or is locked.
import { randomUUID } from 'node:crypto';
import type { AttemptClaim } from '../../../abuse/lockout.js';
import { lockoutStarted } from '../../../audit/lockout-marker.js';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { PoolRecord } from '../../pools/pool-repository.js';
import { hashPassword, verifyPassword } from '../../users/password-hash.js';
import type { UserRecord } from '../../users/user-repository.js';
import { assertUserMaySignIn, unknownUserError, WRONG_CREDENTIALS } from '../sign-in/user-gate.js';
import type { SignInScope } from '../sign-in/sign-in-outcome.js';
import { decoyIdentity } from '../srp-exchange/srp-exchange.js';

/** The message of a password guess refused by the lockout (Cognito's). */
export const ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

let decoyHash: Promise<string> | undefined;

/** A real scrypt hash of a random password, so unknown users and locked ones cost the same scrypt as a real check. */
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomUUID());
  return decoyHash;
}

/** The counter a password guess is counted on: the user's, or for a name no user has, the name's. */
export function passwordLockoutKey(
  ctx: Pick<OperationContext, 'lockout' | 'config'>,
  pool: Pick<PoolRecord, 'id' | 'settings'>,
  user: Pick<UserRecord, 'sub'> | undefined,
  login: string,
): string {
  // An unknown name counts on its stand-in identity's counter, which the identity sent back as USERNAME shares.
  return user !== undefined ? ctx.lockout.userKey('password', user.sub) : ctx.lockout.unknownNameKey('password', pool.id, decoyIdentity(ctx.config.codePepper, pool, login));
}

/** True for a user imported by a user import job who has not set a password yet (RESET_REQUIRED, no password). */
export function importedAwaitingReset(user: Pick<UserRecord, 'status' | 'passwordHash' | 'srpVerifier'>): boolean {
  return user.status === 'RESET_REQUIRED' && user.passwordHash === null && user.srpVerifier === null;
}

/**
 * One password guess about `subject` (undefined: a name no user has), already counted (`claim`,
 * from Lockout.claimAttempt or the statement that loaded the challenge). Runs `check` with the
 * subject, or with undefined when the counter is locked: `check` must then do a decoy check of the
 * same cost. Returns the subject when the check passed; otherwise NotAuthorizedException
 * 'Incorrect username or password.', or 'Password attempts exceeded' when locked or when this
 * guess used the last free attempt. A success is forgotten by the statement that moves the sign-in
 * on (sign-in-outcome.ts) or by clearing the counter.
 */
export async function guessPassword<T>(ctx: Pick<OperationContext, 'lockout'>, claim: AttemptClaim, subject: T | undefined, check: (subject: T | undefined) => Promise<boolean>): Promise<T> {
  const checked = claim.locked ? undefined : subject;
  if ((await check(checked)) && checked !== undefined) return checked;
  if (!ctx.lockout.exhausted(claim)) throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  // The guess that used the last free attempt starts the lockout (the audit trail records it).
  throw claim.locked ? fail('NotAuthorizedException', ATTEMPTS_EXCEEDED) : lockoutStarted(fail('NotAuthorizedException', ATTEMPTS_EXCEEDED));
}

/**
 * Returns the user when `password` is theirs and they may sign in. A name no user has gets
 * UserNotFoundException only from clients that reveal user existence; otherwise it is counted and
 * answered exactly like a wrong password.
 */
export async function checkPassword(ctx: OperationContext, scope: SignInScope, user: UserRecord | undefined, login: string, password: string): Promise<UserRecord> {
  if (user === undefined && !scope.client.preventUserExistenceErrors) {
    await verifyPassword(password, await decoyPasswordHash());
    throw unknownUserError(false);
  }
  // An imported user (RESET_REQUIRED, no password yet) is told to reset, whatever was typed, as Cognito does.
  if (user !== undefined && importedAwaitingReset(user)) throw fail('PasswordResetRequiredException', 'Password reset required for the user');
  const claim = await ctx.lockout.claimAttempt(passwordLockoutKey(ctx, scope.pool, user, login));
  const signedIn = await guessPassword(ctx, claim, user, async (subject) =>
    verifyPassword(password, subject?.passwordHash ?? (await decoyPasswordHash())),
  );
  assertUserMaySignIn(signedIn, ctx.clock.now());
  return signedIn;
}
