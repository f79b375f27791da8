import { getAuthRuntime } from '../runtime/auth-runtime.js';
import { fetchAuthSessionWith } from '../tokens/auth-session.js';
import type { AuthSession, FetchAuthSessionOptions } from '../tokens/auth-session.js';
import { getCurrentUserWith } from '../tokens/current-user.js';
import type { AuthUser } from '../tokens/current-user.js';

/** The current session: tokens (refreshed when expired or forced), credentials, identity id, sub (aws-amplify v6 fetchAuthSession). */
export async function fetchAuthSession(options?: FetchAuthSessionOptions): Promise<AuthSession> {
  return fetchAuthSessionWith(getAuthRuntime(), options);
}

/** The signed-in user's username, userId and sign-in details (aws-amplify v6 getCurrentUser). */
export async function getCurrentUser(): Promise<AuthUser> {
  return getCurrentUserWith(getAuthRuntime());
}
