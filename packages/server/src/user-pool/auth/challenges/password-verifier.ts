// PASSWORD_VERIFIER: the client's PASSWORD_CLAIM_SIGNATURE over the secret block and timestamp,
// keyed with the SRP session key, proves the password without sending it.
import { poolNameFromUserPoolId } from '@steward/auth-core/srp';
import { fail } from '../../../errors/catalogue.js';
import { endAuthSession } from '../../sessions/auth-sessions.js';
import { nextCustomRound } from '../custom-auth/custom-auth-rounds.js';
import { requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { presentedDevice } from '../sign-in/presented-device.js';
import { assertUserMaySignIn, WRONG_CREDENTIALS } from '../sign-in/user-gate.js';
import { verifySrpClaim, type SrpClaim } from '../srp-exchange/srp-exchange.js';
import type { ChallengeHandler } from './challenge-input.js';

/** Reads PASSWORD_CLAIM_SECRET_BLOCK, TIMESTAMP and PASSWORD_CLAIM_SIGNATURE. */
export function readClaim(responses: Readonly<Record<string, string>>): SrpClaim {
  return {
    secretBlock: requireParameter(responses, 'PASSWORD_CLAIM_SECRET_BLOCK'),
    timestamp: requireParameter(responses, 'TIMESTAMP'),
    signature: requireParameter(responses, 'PASSWORD_CLAIM_SIGNATURE'),
  };
}

/** RespondToAuthChallenge PASSWORD_VERIFIER. */
export const answerPasswordVerifier: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, user, responses } = answer;
  const state = session.state;
  const claim = readClaim(responses);
  if (state.srp === undefined) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  if (state.decoy === true || user === undefined || user.srpVerifier === null) {
    await endAuthSession(ctx, session);
    throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  }
  // Before the proof is checked, so a client retrying without its stale device key can reuse the session.
  const deviceKey = await presentedDevice(ctx, user, responses.DEVICE_KEY ?? state.deviceKey);
  await ctx.limits.assertPasswordAttemptsLeft(user.sub, answer.wrongPasswords);
  const proven = verifySrpClaim({ verifierHex: user.srpVerifier, secret: state.srp, poolName: poolNameFromUserPoolId(scope.pool.id), userIdForSrp: user.username, claim });
  if (!proven) {
    await endAuthSession(ctx, session);
    await ctx.limits.recordWrongPassword(user.sub);
    throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  }
  assertUserMaySignIn(user, ctx.clock.now());
  const next = { ...state, srp: undefined, proven: 'password' as const, deviceKey };
  if (state.flow === 'CUSTOM_AUTH') {
    return nextCustomRound(ctx, scope, user, { ...next, customRounds: [...(state.customRounds ?? []), { challengeName: 'PASSWORD_VERIFIER', challengeResult: true }] }, answer.clientMetadata);
  }
  return continueSignIn(ctx, scope, user, next);
};
