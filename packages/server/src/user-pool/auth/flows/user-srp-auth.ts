// USER_SRP_AUTH: InitiateAuth with USERNAME and SRP_A answers PASSWORD_VERIFIER with SALT, SRP_B
// and SECRET_BLOCK; the client proves the password with PASSWORD_CLAIM_SIGNATURE
// (challenges/password-verifier.ts). CUSTOM_AUTH with SRP and USER_AUTH's PASSWORD_SRP start the same way.
import { padHex } from '@steward/auth-core/srp';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { findUserByLoginCounted, type CountedUser, type UserRecord } from '../../users/user-repository.js';
import { assertSecretHash, requireParameter } from '../sign-in/app-client-checks.js';
import { presentedDevice } from '../sign-in/presented-device.js';
import { challenge, type SignInOutcome, type SignInScope } from '../sign-in/sign-in-outcome.js';
import type { SignInState } from '../sign-in/sign-in-state.js';
import { unknownUserError } from '../sign-in/user-gate.js';
import { decoySalt, parseClientA, startDecoySrpExchange, startSrpExchange } from '../srp-exchange/srp-exchange.js';

/** SRP_A as a usable value; InvalidParameterException otherwise. */
export function requireClientA(parameters: Readonly<Record<string, string>>): string {
  const A = parseClientA(requireParameter(parameters, 'SRP_A'));
  if (A === undefined) throw fail('InvalidParameterException', 'SRP_A is not a valid SRP public value.');
  return A;
}

/**
 * The PASSWORD_VERIFIER challenge for `login`. An unknown user (or one without a password) gets
 * a decoy challenge of the same shape and cost that no answer can pass, unless the client reveals
 * user existence. `base` carries the flow and what came before (CUSTOM_AUTH rounds);
 * `wrongPasswords`, the user's wrong-password count when the caller read it with the user.
 */
export async function passwordVerifierChallenge(
  ctx: OperationContext,
  scope: SignInScope,
  user: UserRecord | undefined,
  login: string,
  clientA: string,
  base: Pick<SignInState, 'flow' | 'customRounds'> & { deviceKey?: string | undefined },
  wrongPasswords?: number,
): Promise<SignInOutcome> {
  if (user === undefined || user.srpVerifier === null || user.srpSalt === null) {
    if (user === undefined && !scope.client.preventUserExistenceErrors) throw unknownUserError(false);
    const srp = startDecoySrpExchange(clientA);
    const salt = padHex(BigInt(`0x${decoySalt(ctx.config.codePepper, scope.pool.id, login)}`));
    const state: SignInState = { flow: base.flow, username: login, decoy: true, srp };
    return challenge('PASSWORD_VERIFIER', { SALT: salt, SRP_B: srp.B, SECRET_BLOCK: srp.secretBlock, USERNAME: login, USER_ID_FOR_SRP: login }, state, null);
  }
  await ctx.limits.assertPasswordAttemptsLeft(user.sub, wrongPasswords);
  const deviceKey = await presentedDevice(ctx, user, base.deviceKey);
  const srp = startSrpExchange(user.srpVerifier, clientA);
  const state: SignInState = {
    flow: base.flow,
    username: user.username,
    srp,
    ...(deviceKey !== undefined ? { deviceKey } : {}),
    ...(base.customRounds !== undefined ? { customRounds: base.customRounds } : {}),
  };
  return challenge(
    'PASSWORD_VERIFIER',
    { SALT: user.srpSalt, SRP_B: srp.B, SECRET_BLOCK: srp.secretBlock, USERNAME: user.username, USER_ID_FOR_SRP: user.username },
    state,
    user.sub,
  );
}

/** InitiateAuth USER_SRP_AUTH. `byName`: the username lookup InitiateAuth already did with the client (see findUserByLoginCounted). */
export async function startUserSrpAuth(ctx: OperationContext, scope: SignInScope, parameters: Readonly<Record<string, string>>, byName?: CountedUser | null): Promise<SignInOutcome> {
  const login = requireParameter(parameters, 'USERNAME');
  const clientA = requireClientA(parameters);
  const found = await findUserByLoginCounted(ctx.db, scope.pool, login, ctx.limits.wrongPasswordKeyPrefix, ctx.clock.now(), byName);
  const user = found?.user;
  assertSecretHash(scope.client, [login, ...(user !== undefined ? [user.username] : [])], parameters.SECRET_HASH);
  return passwordVerifierChallenge(ctx, scope, user, login, clientA, { flow: 'USER_SRP_AUTH', deviceKey: parameters.DEVICE_KEY }, found?.counted);
}
