// Where a sign-in on the hosted page stands after an operation answered: at a challenge (under the
// operation's Session string, which stays on the server) or done. Of the tokens a finished sign-in
// got, only the access token's claims are read (who, when, which sign-in); the tokens themselves
// never leave this process.
import { decodeJwt } from 'jose';

/** The outcome of one call of the sign-in. */
export type SignInStep =
  | {
      readonly kind: 'challenge';
      readonly name: string;
      readonly session: string;
      readonly parameters: Readonly<Record<string, string>>;
      readonly availableChallenges?: readonly string[];
    }
  | { readonly kind: 'done'; readonly userSub: string; readonly authTime: Date; readonly originJti: string };

/** The step an InitiateAuth / RespondToAuthChallenge response stands for. */
export function stepOf(response: Record<string, unknown>): SignInStep {
  const result = response.AuthenticationResult as { AccessToken?: unknown } | undefined;
  if (result !== undefined && typeof result.AccessToken === 'string') {
    const claims = decodeJwt(result.AccessToken);
    if (typeof claims.sub !== 'string' || typeof claims.auth_time !== 'number' || typeof claims.origin_jti !== 'string') throw new Error('the sign-in answered tokens without sub, auth_time or origin_jti');
    return { kind: 'done', userSub: claims.sub, authTime: new Date(claims.auth_time * 1000), originJti: claims.origin_jti };
  }
  const name = response.ChallengeName;
  const session = response.Session;
  if (typeof name !== 'string' || typeof session !== 'string') throw new Error('the sign-in answered neither tokens nor a challenge');
  const parameters = (response.ChallengeParameters ?? {}) as Record<string, string>;
  const available = response.AvailableChallenges;
  return {
    kind: 'challenge',
    name,
    session,
    parameters,
    ...(Array.isArray(available) ? { availableChallenges: available.filter((c): c is string => typeof c === 'string') } : {}),
  };
}
