// The default custom challenge definition: a 6-digit code emailed to the user, valid for
// 3 minutes, three tries. Started with SRP_A (CHALLENGE_NAME=SRP_A) the password comes first and
// the two together count as MFA; without SRP the emailed code is the first factor only.
import type { CustomAuthDefinition } from './custom-auth-definition.js';

const TRIES = 3;
const CODE_TTL_MS = 180_000;

/** The default definition (see docs/server.md, "Custom authentication"). */
export const emailCodeChallenge: CustomAuthDefinition = {
  channel: 'EMAIL_OTP',

  define({ rounds }) {
    const last = rounds[rounds.length - 1];
    if (last === undefined) return { challengeName: 'CUSTOM_CHALLENGE' };
    if (last.challengeName === 'SRP_A') return { challengeName: 'PASSWORD_VERIFIER' };
    if (last.challengeName === 'PASSWORD_VERIFIER') return last.challengeResult ? { challengeName: 'CUSTOM_CHALLENGE' } : { failAuthentication: true };
    if (last.challengeResult) return { issueTokens: true };
    const wrong = rounds.filter((r) => r.challengeName === 'CUSTOM_CHALLENGE' && !r.challengeResult).length;
    return wrong >= TRIES ? { failAuthentication: true } : { challengeName: 'CUSTOM_CHALLENGE' };
  },

  async create({ previous }, tools) {
    // A wrong answer keeps the code already sent, so a typo does not send another email.
    if (previous?.codeHash !== undefined) {
      return { publicChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: previous.medium ?? 'EMAIL', CODE_DELIVERY_DESTINATION: previous.destination ?? '' }, privateChallengeParameters: previous, challengeMetadata: 'EMAIL_CODE' };
    }
    const code = tools.randomCode();
    const delivery = await tools.deliver('email', { subject: 'Your sign-in code', body: `Your sign-in code is ${code}`, code });
    const expiresAt = String(tools.now().getTime() + CODE_TTL_MS);
    return {
      publicChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium, CODE_DELIVERY_DESTINATION: delivery.Destination },
      privateChallengeParameters: { codeHash: tools.hashAnswer(code), expiresAt, medium: delivery.DeliveryMedium, destination: delivery.Destination },
      challengeMetadata: 'EMAIL_CODE',
    };
  },

  verify({ privateChallengeParameters: p, challengeAnswer }, tools) {
    const fresh = tools.now().getTime() < Number(p.expiresAt ?? 0);
    const matches = tools.answerMatches(challengeAnswer.trim(), p.codeHash ?? '');
    return fresh && matches;
  },
};
