// PASSWORD_VERIFIER: the client's PASSWORD_CLAIM_SIGNATURE over the secret block and timestamp,
// keyed with the SRP session key, proves the password without sending it.
import { poolNameFromUserPoolId } from '@steward/auth-core/srp';
import { fail } from '../../../errors/catalogue.js';
import { endAuthSession } from '../../sessions/auth-sessions.js';
import { nextCustomRound } from '../custom-auth/custom-auth-rounds.js';
import { requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { presentedDevice } from '../sign-in/presented-device.js';
import { assertUserMaySignIn } from '../sign-in/user-gate.js';
import { decoyIdentity, decoyVerifier, srpIdentity, verifySrpClaim, type SrpClaim } from '../srp-exchange/srp-exchange.js';
import { guessPassword, passwordLockoutKey } from '../flows/password-check.js';
import type { UserRecord } from '../../users/user-repository.js';
import type { ChallengeHandler } from './challenge-input.js';

/** Reads PASSWORD_CLAIM_SECRET_BLOCK, TIMESTAMP and PASSWORD_CLAIM_SIGNATURE. */
export function readClaim(responses: Readonly<Record<string, string>>): SrpClaim {
  return {
    secretBlock: requireParameter(responses, 'PASSWORD_CLAIM_SECRET_BLOCK'),
    timestamp: requireParameter(responses, 'TIMESTAMP'),
    signature: requireParameter(responses, 'PASSWORD_CLAIM_SIGNATURE'),
  };
}

/**
 * RespondToAuthChallenge PASSWORD_VERIFIER. The proof is a password guess (guessPassword): counted
 * first, and checked against the user's verifier, or against the name's decoy verifier (the same
 * exponentiations) in a decoy sign-in or while the counter is locked. Any failure ends the session.
 */
export const answerPasswordVerifier: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, user, responses } = answer;
  const state = session.state;
  const claim = readClaim(responses);
  const srp = state.srp;
  if (srp === undefined) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  const real = state.decoy !== true && user?.srpVerifier != null ? user : undefined;
  // Before the proof is checked, so a client retrying without its stale device key can reuse the session.
  const deviceKey = real === undefined ? undefined : await presentedDevice(ctx, real, responses.DEVICE_KEY ?? state.deviceKey);
  const poolName = poolNameFromUserPoolId(scope.pool.id);
  const { codePepper } = ctx.config;
  const decoyId = decoyIdentity(codePepper, scope.pool, state.username);
  let proven: UserRecord;
  try {
    // Counted by the statement that loaded the session (guessKeyOf), or here.
    const counted = answer.guess ?? (await ctx.lockout.claimAttempt(passwordLockoutKey(ctx, scope.pool, real, state.username)));
    proven = await guessPassword(ctx, counted, real, async (subject) =>
      verifySrpClaim(
        subject?.srpVerifier != null
          ? { verifierHex: subject.srpVerifier, secret: srp, poolName, userIdForSrp: srpIdentity(subject), claim }
          : { verifierHex: decoyVerifier(codePepper, scope.pool.id, decoyId), secret: srp, poolName, userIdForSrp: decoyId, claim },
      ),
    );
  } catch (error) {
    await endAuthSession(ctx, session);
    throw error;
  }
  assertUserMaySignIn(proven, ctx.clock.now());
  const next = { ...state, srp: undefined, proven: 'password' as const, deviceKey };
  if (state.flow === 'CUSTOM_AUTH') {
    return nextCustomRound(ctx, scope, proven, { ...next, customRounds: [...(state.customRounds ?? []), { challengeName: 'PASSWORD_VERIFIER', challengeResult: true }] }, answer.clientMetadata);
  }
  return continueSignIn(ctx, scope, proven, next);
};
