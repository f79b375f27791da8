// DEVICE_SRP_AUTH → DEVICE_PASSWORD_VERIFIER: a remembered device proves it holds its device
// password with the same SRP exchange as a user (pool name = device group key, username = device
// key); success stands in for MFA.
import { lockoutStarted } from '../../../audit/lockout-marker.js';
import { fail } from '../../../errors/catalogue.js';
import { endAuthSession } from '../../sessions/auth-sessions.js';
import { requireConfirmedDevice } from '../devices/device-repository.js';
import { TOO_MANY_CODES } from '../mfa/mfa-challenge.js';
import { requireClientA } from '../flows/user-srp-auth.js';
import { requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { challenge } from '../sign-in/sign-in-outcome.js';
import { WRONG_CREDENTIALS } from '../sign-in/user-gate.js';
import { srpIdentity, startSrpExchange, verifySrpClaim } from '../srp-exchange/srp-exchange.js';
import { sessionUser, type ChallengeHandler } from './challenge-input.js';
import { readClaim } from './password-verifier.js';

const expired = (): Error => fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');

/** RespondToAuthChallenge DEVICE_SRP_AUTH: USERNAME, DEVICE_KEY and SRP_A; answers DEVICE_PASSWORD_VERIFIER. */
export const answerDeviceSrpAuth: ChallengeHandler = async (answer) => {
  const { ctx, session, responses } = answer;
  const user = sessionUser(answer);
  const deviceKey = requireParameter(responses, 'DEVICE_KEY');
  if (deviceKey !== session.state.deviceKey) throw expired();
  const device = await requireConfirmedDevice(ctx.db, user.sub, deviceKey);
  if (device.srpVerifier === null || device.srpSalt === null) throw fail('ResourceNotFoundException', 'Device does not exist.');
  const srp = startSrpExchange(device.srpVerifier, requireClientA(responses));
  return challenge(
    'DEVICE_PASSWORD_VERIFIER',
    { SALT: device.srpSalt, SRP_B: srp.B, SECRET_BLOCK: srp.secretBlock, USERNAME: srpIdentity(user), DEVICE_KEY: device.deviceKey },
    { ...session.state, srp },
    user.sub,
  );
};

/**
 * RespondToAuthChallenge DEVICE_PASSWORD_VERIFIER: the device's claim signature. It stands in for
 * MFA, so it is counted on the user's MFA lockout counter like a code.
 */
export const answerDevicePasswordVerifier: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const { srp, deviceKey, proven } = session.state;
  if (srp === undefined || deviceKey === undefined || proven === undefined) throw expired();
  const claim = readClaim(responses);
  const device = await requireConfirmedDevice(ctx.db, user.sub, deviceKey);
  const guess = answer.guess ?? (await ctx.lockout.claimAttempt(ctx.lockout.userKey('mfa', user.sub)));
  const deviceProven =
    !guess.locked && device.srpVerifier !== null && verifySrpClaim({ verifierHex: device.srpVerifier, secret: srp, poolName: device.deviceGroupKey, userIdForSrp: device.deviceKey, claim });
  if (!deviceProven) {
    await endAuthSession(ctx, session);
    if (!ctx.lockout.exhausted(guess)) throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
    const refusal = fail('TooManyFailedAttemptsException', TOO_MANY_CODES);
    throw guess.locked ? refusal : lockoutStarted(refusal);
  }
  return continueSignIn(ctx, scope, user, { ...session.state, srp: undefined, proven, deviceVerified: true });
};
