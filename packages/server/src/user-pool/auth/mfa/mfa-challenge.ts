// MFA challenges of a sign-in: asking (SMS_MFA and EMAIL_OTP send a code, SOFTWARE_TOKEN_MFA
// asks the authenticator app) and checking the answer. A code answer is a guess counted on the
// user's MFA lockout counter before it is checked (across sign-ins: a fresh sign-in does not start
// over), and a wrong code also counts against the challenge session, which ends after
// AUTH_SESSION_MAX_ATTEMPTS wrong answers.
import type { AttemptClaim } from '../../../abuse/lockout.js';
import { lockoutStarted } from '../../../audit/lockout-marker.js';
import { fail, isServiceError } from '../../../errors/catalogue.js';
import { consumeCode, type CodePurpose } from '../../codes/one-time-codes.js';
import { sendCode, type CodeDeliveryDetails } from '../../codes/code-delivery.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { recordAuthSessionFailure, type AuthSession } from '../../sessions/auth-sessions.js';
import type { MfaKind, UserRecord } from '../../users/user-repository.js';
import { matchTotpCode, openTotpSecret, recordTotpStep } from '../totp/totp-verification.js';
import { srpIdentity } from '../srp-exchange/srp-exchange.js';

/** MFA codes sent by SMS or email are valid for 3 minutes, as Cognito's. */
export const MFA_CODE_TTL_SECONDS = 180;

/** The message of a wrong MFA code (Cognito's). */
export const WRONG_MFA_CODE = 'Invalid code or auth state for the user.';

/** The code purpose of each code-based MFA method. */
export const MFA_CODE_PURPOSE: Record<Exclude<MfaKind, 'SOFTWARE_TOKEN_MFA'>, CodePurpose> = { SMS_MFA: 'MFA_SMS', EMAIL_OTP: 'MFA_EMAIL' };

/** The challenge parameters that tell the client where a code went. */
export function deliveryParameters(details: CodeDeliveryDetails): Record<string, string> {
  return { CODE_DELIVERY_DELIVERY_MEDIUM: details.DeliveryMedium, CODE_DELIVERY_DESTINATION: details.Destination };
}

/** Sends the code of an SMS or email challenge (to `user`'s phone or email) and returns the challenge parameters. */
export async function sendChallengeCode(ctx: OperationContext, user: UserRecord, purpose: CodePurpose, channel: 'sms' | 'email'): Promise<Record<string, string>> {
  const details = await sendCode(ctx, { user, purpose, channel, ttlSeconds: MFA_CODE_TTL_SECONDS });
  return deliveryParameters(details);
}

/** The parameters of an MFA challenge for `method`, sending the code when the method is a code. */
export async function askMfa(ctx: OperationContext, user: UserRecord, method: MfaKind): Promise<Record<string, string>> {
  const base = { USER_ID_FOR_SRP: srpIdentity(user) };
  if (method === 'SOFTWARE_TOKEN_MFA') return base;
  const parameters = await sendChallengeCode(ctx, user, MFA_CODE_PURPOSE[method], method === 'SMS_MFA' ? 'sms' : 'email');
  return { ...base, ...parameters };
}

/** The message of a code guess refused by the user's MFA lockout. */
export const TOO_MANY_CODES = 'Too many failed attempts. Wait a while before trying again.';

/**
 * Counts a code guess on the user's MFA lockout counter (unless the statement that loaded the
 * challenge already did: `counted`), then runs the check unless the counter is locked
 * (TooManyFailedAttemptsException, unchecked). A wrong code also counts against the session
 * (the fifth ends it with NotAuthorizedException) and is answered with CodeMismatchException, or
 * TooManyFailedAttemptsException when it used the last free attempt. Success is forgotten when the
 * sign-in moves on (sign-in-outcome.ts).
 */
export async function guessCode<T>(
  ctx: OperationContext,
  session: AuthSession<object>,
  user: Pick<UserRecord, 'sub'>,
  counted: AttemptClaim | undefined,
  check: () => Promise<T>,
): Promise<T> {
  const claim = counted ?? (await ctx.lockout.claimAttempt(ctx.lockout.userKey('mfa', user.sub)));
  if (claim.locked) throw fail('TooManyFailedAttemptsException', TOO_MANY_CODES);
  try {
    return await check();
  } catch (error) {
    if (isServiceError(error, 'CodeMismatchException')) {
      await recordAuthSessionFailure(ctx, session);
      throw ctx.lockout.exhausted(claim) ? lockoutStarted(fail('TooManyFailedAttemptsException', TOO_MANY_CODES)) : fail('CodeMismatchException', WRONG_MFA_CODE);
    }
    throw error;
  }
}

/** A code that matched but was used before (a replayed TOTP code): already counted as a guess, it is a wrong code for the session too. */
export async function refuseReplayedCode(ctx: OperationContext, session: AuthSession<object>): Promise<never> {
  await recordAuthSessionFailure(ctx, session);
  throw fail('CodeMismatchException', WRONG_MFA_CODE);
}

/** Checks a code sent for `purpose` (single use, expiring). */
export async function checkSentCode(ctx: OperationContext, session: AuthSession<object>, user: UserRecord, purpose: CodePurpose, code: string, counted: AttemptClaim | undefined): Promise<void> {
  await guessCode(ctx, session, user, counted, () => consumeCode(ctx, { user, purpose, code }));
}

/**
 * The time step of an authenticator-app code for the user's verified secret (± one step), before
 * the replay check; SoftwareTokenMFANotFoundException without a secret, CodeMismatchException for a wrong code.
 */
export function matchTotpAnswer(ctx: Pick<OperationContext, 'secrets'>, user: UserRecord, code: string, now: Date): bigint {
  if (user.totpSecret === null) throw fail('SoftwareTokenMFANotFoundException', 'Software token MFA is not set up for the user.');
  const step = matchTotpCode(openTotpSecret(ctx.secrets, user.sub, user.totpSecret), code, now);
  if (step === undefined) throw fail('CodeMismatchException', WRONG_MFA_CODE);
  return step;
}

/** Checks an authenticator-app code against the user's verified secret (± one step, never twice). */
export async function checkTotp(ctx: OperationContext, session: AuthSession<object>, user: UserRecord, code: string, counted: AttemptClaim | undefined): Promise<void> {
  await guessCode(ctx, session, user, counted, async () => {
    const now = ctx.clock.now();
    if (!(await recordTotpStep(ctx, user.sub, matchTotpAnswer(ctx, user, code, now), now))) throw fail('CodeMismatchException', WRONG_MFA_CODE);
  });
}

/** Checks the answer to an MFA challenge of `method`. */
export async function checkMfaAnswer(ctx: OperationContext, session: AuthSession<object>, user: UserRecord, method: MfaKind, code: string, counted: AttemptClaim | undefined): Promise<void> {
  if (method === 'SOFTWARE_TOKEN_MFA') return checkTotp(ctx, session, user, code, counted);
  return checkSentCode(ctx, session, user, MFA_CODE_PURPOSE[method], code, counted);
}
