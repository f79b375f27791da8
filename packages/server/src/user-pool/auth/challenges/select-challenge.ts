// SELECT_CHALLENGE (USER_AUTH): ANSWER names one of the offered first factors. Answering with
// ChallengeName PASSWORD or PASSWORD_SRP (and the password or SRP_A) is accepted too.
import { fail } from '../../../errors/catalogue.js';
import { startFirstFactor } from '../flows/user-auth.js';
import { requireParameter } from '../sign-in/app-client-checks.js';
import type { ChallengeHandler } from './challenge-input.js';

/** RespondToAuthChallenge SELECT_CHALLENGE (or PASSWORD / PASSWORD_SRP on a SELECT_CHALLENGE session). */
export const answerSelectChallenge: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, user, responses, challengeName } = answer;
  const choice = challengeName === 'SELECT_CHALLENGE' ? requireParameter(responses, 'ANSWER') : challengeName;
  const factor = (session.state.offered ?? []).find((f) => f === choice);
  if (factor === undefined) throw fail('InvalidParameterException', `ANSWER must be one of the available challenges, not ${choice.slice(0, 40)}.`);
  return startFirstFactor(ctx, scope, user, factor, responses, session.state);
};
