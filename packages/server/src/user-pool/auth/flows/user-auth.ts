// USER_AUTH ("choice-based" sign-in): the first factor is PASSWORD, PASSWORD_SRP, EMAIL_OTP,
// SMS_OTP or WEB_AUTHN. With a usable PREFERRED_CHALLENGE it starts at once; otherwise
// SELECT_CHALLENGE lists the factors this user can use (AvailableChallenges) and the client answers
// with ANSWER (plus PASSWORD or SRP_A where the factor needs them).
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { PoolRecord } from '../../pools/pool-repository.js';
import { findUserByLogin, type UserRecord } from '../../users/user-repository.js';
import { sendChallengeCode } from '../mfa/mfa-challenge.js';
import { assertSecretHash, requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { presentedDevice } from '../sign-in/presented-device.js';
import { challenge, type SignInOutcome, type SignInScope } from '../sign-in/sign-in-outcome.js';
import type { FirstFactor, SignInState } from '../sign-in/sign-in-state.js';
import { unknownUserError, WRONG_CREDENTIALS } from '../sign-in/user-gate.js';
import { hasPasskey, passkeyRequestOptions } from '../webauthn/passkey-assertion.js';
import { runPreAuthentication } from '../../triggers/authentication.js';
import { checkPassword } from './password-check.js';
import { passwordVerifierChallenge, requireClientA } from './user-srp-auth.js';
import { srpIdentity } from '../srp-exchange/srp-exchange.js';

/** Every first factor, in the order SELECT_CHALLENGE lists them. */
export const FIRST_FACTORS: readonly FirstFactor[] = ['WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP', 'PASSWORD', 'PASSWORD_SRP'];

/** The first factors the pool allows (setting `allowedFirstAuthFactors`; default all). */
export function poolFirstFactors(pool: PoolRecord): FirstFactor[] {
  const allowed = pool.settings.allowedFirstAuthFactors;
  if (!Array.isArray(allowed)) return [...FIRST_FACTORS];
  return FIRST_FACTORS.filter((f) => allowed.includes(f));
}

/** The first factors this user can use: a password, a verified email or phone, a passkey. */
export async function availableFirstFactors(ctx: OperationContext, pool: PoolRecord, user: UserRecord): Promise<FirstFactor[]> {
  const can: Record<FirstFactor, boolean> = {
    PASSWORD: user.passwordHash !== null,
    PASSWORD_SRP: user.srpVerifier !== null,
    EMAIL_OTP: (user.attributes.email ?? '') !== '' && user.attributes.email_verified === 'true',
    SMS_OTP: (user.attributes.phone_number ?? '') !== '' && user.attributes.phone_number_verified === 'true',
    WEB_AUTHN: await hasPasskey(ctx, user),
  };
  return poolFirstFactors(pool).filter((f) => can[f]);
}

/**
 * Starts the chosen first factor. `user` is undefined in a decoy sign-in (unknown user), where
 * only the password factors are offered and always fail.
 */
export async function startFirstFactor(
  ctx: OperationContext,
  scope: SignInScope,
  user: UserRecord | undefined,
  factor: FirstFactor,
  parameters: Readonly<Record<string, string>>,
  state: SignInState,
): Promise<SignInOutcome> {
  const base: SignInState = { ...state, offered: undefined };
  switch (factor) {
    case 'PASSWORD': {
      const signedIn = await checkPassword(ctx, scope, user, state.username, requireParameter(parameters, 'PASSWORD'));
      const deviceKey = await presentedDevice(ctx, signedIn, parameters.DEVICE_KEY);
      return continueSignIn(ctx, scope, signedIn, { ...base, proven: 'password', ...(deviceKey !== undefined ? { deviceKey } : {}) });
    }
    case 'PASSWORD_SRP':
      return passwordVerifierChallenge(ctx, scope, user, state.username, requireClientA(parameters), { flow: 'USER_AUTH', deviceKey: parameters.DEVICE_KEY });
  }
  if (user === undefined) throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  switch (factor) {
    case 'EMAIL_OTP':
      return challenge('EMAIL_OTP', { ...(await sendChallengeCode(ctx, user, 'EMAIL_OTP_SIGN_IN', 'email')), USER_ID_FOR_SRP: srpIdentity(user) }, base, user.sub);
    case 'SMS_OTP':
      return challenge('SMS_OTP', { ...(await sendChallengeCode(ctx, user, 'SMS_OTP_SIGN_IN', 'sms')), USER_ID_FOR_SRP: srpIdentity(user) }, base, user.sub);
    case 'WEB_AUTHN': {
      const options = await passkeyRequestOptions(ctx, scope.pool, user);
      return challenge('WEB_AUTHN', { CREDENTIAL_REQUEST_OPTIONS: options.json, USER_ID_FOR_SRP: srpIdentity(user) }, { ...base, webAuthnChallenge: options.challenge }, user.sub);
    }
  }
}

/** InitiateAuth USER_AUTH. */
export async function startUserAuth(ctx: OperationContext, scope: SignInScope, parameters: Readonly<Record<string, string>>, clientMetadata?: Readonly<Record<string, string>>): Promise<SignInOutcome> {
  const login = requireParameter(parameters, 'USERNAME');
  const user = await findUserByLogin(ctx.db, scope.pool, login);
  assertSecretHash(scope.client, [login, ...(user !== undefined ? [user.username] : [])], parameters.SECRET_HASH);
  let offered: FirstFactor[];
  if (user === undefined) {
    if (!scope.client.preventUserExistenceErrors) throw unknownUserError(false);
    offered = poolFirstFactors(scope.pool).filter((f) => f === 'PASSWORD' || f === 'PASSWORD_SRP');
  } else {
    offered = await availableFirstFactors(ctx, scope.pool, user);
  }
  if (offered.length === 0) throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  await runPreAuthentication(ctx, scope, user, login, clientMetadata);
  const state: SignInState = { flow: 'USER_AUTH', username: user?.username ?? login, ...(user === undefined ? { decoy: true as const } : {}) };
  const preferred = offered.find((f) => f === parameters.PREFERRED_CHALLENGE);
  if (preferred !== undefined) return startFirstFactor(ctx, scope, user, preferred, parameters, state);
  // USERNAME as typed, for a real user and an unknown name alike.
  return challenge('SELECT_CHALLENGE', { USERNAME: login }, { ...state, offered }, user?.sub ?? null, offered);
}
