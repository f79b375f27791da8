// What every RespondToAuthChallenge handler receives.
import type { AttemptClaim } from '../../../abuse/lockout.js';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { AuthSession } from '../../sessions/auth-sessions.js';
import type { UserRecord } from '../../users/user-repository.js';
import type { SignInOutcome, SignInScope } from '../sign-in/sign-in-outcome.js';
import type { ChallengeName, SignInState } from '../sign-in/sign-in-state.js';

/** The answer to a challenge, with its session and the user (undefined only in a decoy sign-in). */
export interface ChallengeAnswer {
  readonly ctx: OperationContext;
  readonly scope: SignInScope;
  readonly challengeName: ChallengeName;
  readonly session: AuthSession<SignInState>;
  readonly user: UserRecord | undefined;
  /** The guess this answer is, already counted on the session's lockout counter (see guessKeyOf); undefined when the challenge takes no guess. */
  readonly guess: AttemptClaim | undefined;
  readonly responses: Readonly<Record<string, string>>;
  readonly clientMetadata: Readonly<Record<string, string>>;
}

/** A handler of one challenge name. */
export type ChallengeHandler = (answer: ChallengeAnswer) => Promise<SignInOutcome>;

/** The user of a session that must have one (a decoy session reaching here is treated as expired). */
export function sessionUser(answer: ChallengeAnswer): UserRecord {
  if (answer.user === undefined) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  return answer.user;
}
