import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { requireSignedIn } from './auth-session.js';
import type { CognitoAuthSignInDetails, StoredTokens } from './token-store.js';

/** The signed-in user, aws-amplify v6's AuthUser. */
export interface AuthUser {
  username: string;
  userId: string;
  signInDetails?: CognitoAuthSignInDetails;
}

/** The user a stored session belongs to: username from the tokens' claims, userId the sub. */
export function currentUserFromTokens(tokens: StoredTokens): AuthUser {
  const idUsername = tokens.idToken?.payload['cognito:username'];
  const accessUsername = tokens.accessToken.payload.username;
  const username =
    typeof idUsername === 'string' ? idUsername : typeof accessUsername === 'string' ? accessUsername : tokens.username;
  const sub = tokens.accessToken.payload.sub;
  const user: AuthUser = { username, userId: typeof sub === 'string' ? sub : '' };
  if (tokens.signInDetails !== undefined) user.signInDetails = tokens.signInDetails;
  return user;
}

/** aws-amplify v6's getCurrentUser on a runtime; throws UserUnAuthenticatedException when signed out. */
export async function getCurrentUserWith(runtime: AuthRuntime): Promise<AuthUser> {
  return currentUserFromTokens(await requireSignedIn(runtime));
}
