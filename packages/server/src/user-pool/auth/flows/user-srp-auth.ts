// USER_SRP_AUTH: InitiateAuth with USERNAME and SRP_A answers PASSWORD_VERIFIER with SALT, SRP_B
// and SECRET_BLOCK; the client proves the password with PASSWORD_CLAIM_SIGNATURE
// (challenges/password-verifier.ts). CUSTOM_AUTH with SRP and USER_AUTH's PASSWORD_SRP start the same way.
import { padHex } from '@steward/auth-core/srp';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { findUserByLogin, type UserRecord } from '../../users/user-repository.js';
import { importedAwaitingReset } from './password-check.js';
import { assertSecretHash, requireParameter } from '../sign-in/app-client-checks.js';
import { presentedDevice } from '../sign-in/presented-device.js';
import { challenge, type SignInOutcome, type SignInScope } from '../sign-in/sign-in-outcome.js';
import type { SignInState } from '../sign-in/sign-in-state.js';
import { unknownUserError } from '../sign-in/user-gate.js';
import { runPreAuthentication } from '../../triggers/authentication.js';
import { decoyIdentity, decoySalt, decoyVerifier, parseClientA, srpIdentity, startSrpExchange } from '../srp-exchange/srp-exchange.js';

/** SRP_A as a usable value; InvalidParameterException otherwise. */
export function requireClientA(parameters: Readonly<Record<string, string>>): string {
  const A = parseClientA(requireParameter(parameters, 'SRP_A'));
  if (A === undefined) throw fail('InvalidParameterException', 'SRP_A is not a valid SRP public value.');
  return A;
}

/**
 * The PASSWORD_VERIFIER challenge for `login`. A name no user has (or a user without a password)
 * gets a decoy challenge of the same shape and cost that no answer can pass, unless the client
 * reveals user existence: a fixed salt, verifier and USER_ID_FOR_SRP derived from the name, where a
 * real user's carry their sub. USERNAME is the name as typed, for both (clients key their
 * remembered devices by it). Lockouts are not looked at here: the answer is where a guess is
 * counted, for real and unknown names alike, so this step tells an outsider nothing.
 * `base` carries the flow and what came before (CUSTOM_AUTH rounds).
 */
export async function passwordVerifierChallenge(
  ctx: OperationContext,
  scope: SignInScope,
  user: UserRecord | undefined,
  login: string,
  clientA: string,
  base: Pick<SignInState, 'flow' | 'customRounds'> & { deviceKey?: string | undefined },
): Promise<SignInOutcome> {
  // An imported user (RESET_REQUIRED, no password yet) is told to reset, as Cognito does.
  if (user !== undefined && importedAwaitingReset(user)) throw fail('PasswordResetRequiredException', 'Password reset required for the user');
  if (user === undefined || user.srpVerifier === null || user.srpSalt === null) {
    if (user === undefined && !scope.client.preventUserExistenceErrors) throw unknownUserError(false);
    const { codePepper } = ctx.config;
    const identity = decoyIdentity(codePepper, scope.pool, login);
    const srp = startSrpExchange(decoyVerifier(codePepper, scope.pool.id, identity), clientA);
    const salt = padHex(BigInt(`0x${decoySalt(codePepper, scope.pool.id, identity)}`));
    const state: SignInState = { flow: base.flow, username: login, decoy: true, srp };
    return challenge('PASSWORD_VERIFIER', { SALT: salt, SRP_B: srp.B, SECRET_BLOCK: srp.secretBlock, USERNAME: login, USER_ID_FOR_SRP: identity }, state, null);
  }
  const deviceKey = await presentedDevice(ctx, user, base.deviceKey);
  const srp = startSrpExchange(user.srpVerifier, clientA);
  const identity = srpIdentity(user);
  const state: SignInState = {
    flow: base.flow,
    username: user.username,
    srp,
    ...(deviceKey !== undefined ? { deviceKey } : {}),
    ...(base.customRounds !== undefined ? { customRounds: base.customRounds } : {}),
  };
  return challenge('PASSWORD_VERIFIER', { SALT: user.srpSalt, SRP_B: srp.B, SECRET_BLOCK: srp.secretBlock, USERNAME: login, USER_ID_FOR_SRP: identity }, state, user.sub);
}

/** InitiateAuth USER_SRP_AUTH. `byName`: the username lookup InitiateAuth already did with the client (see findUserByLogin). */
export async function startUserSrpAuth(
  ctx: OperationContext,
  scope: SignInScope,
  parameters: Readonly<Record<string, string>>,
  byName?: UserRecord | null,
  clientMetadata?: Readonly<Record<string, string>>,
): Promise<SignInOutcome> {
  const login = requireParameter(parameters, 'USERNAME');
  const clientA = requireClientA(parameters);
  const user = await findUserByLogin(ctx.db, scope.pool, login, byName);
  assertSecretHash(scope.client, [login, ...(user !== undefined ? [user.username] : [])], parameters.SECRET_HASH);
  if (user !== undefined || scope.client.preventUserExistenceErrors) await runPreAuthentication(ctx, scope, user, login, clientMetadata);
  return passwordVerifierChallenge(ctx, scope, user, login, clientA, { flow: 'USER_SRP_AUTH', deviceKey: parameters.DEVICE_KEY });
}
