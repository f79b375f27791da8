import type { ClientMetadata } from '../cognito/user-pool-operations.js';
import { UserAlreadyAuthenticatedException, UserUnAuthenticatedException } from '../errors/auth-errors.js';
import { getCredentialsAndIdentityId } from '../identity-pool/credentials.js';
import type { AWSCredentials } from '../identity-pool/credentials.js';
import { afterRedirectCompletion } from '../oauth/pending-redirect-completion.js';
import type { AuthProviders, AuthRuntime } from '../runtime/auth-runtime.js';
import type { JWT } from './jwt.js';
import { shouldRefresh } from './refresh-decision.js';
import { refreshTokens } from './token-refresh.js';
import { loadTokens } from './token-store.js';
import type { CognitoAuthSignInDetails, StoredTokens } from './token-store.js';

/** The tokens part of a session, aws-amplify v6's AuthTokens. */
export interface AuthTokens {
  accessToken: JWT;
  idToken?: JWT;
  /** @deprecated as in aws-amplify: use getCurrentUser().signInDetails. */
  signInDetails?: CognitoAuthSignInDetails;
}

/** fetchAuthSession's result, aws-amplify v6's AuthSession. */
export interface AuthSession {
  tokens?: AuthTokens;
  credentials?: AWSCredentials;
  identityId?: string;
  userSub?: string;
}

/** fetchAuthSession's options, aws-amplify v6's FetchAuthSessionOptions. */
export interface FetchAuthSessionOptions {
  forceRefresh?: boolean;
  /** Sent with a token refresh, for the pool's triggers. */
  clientMetadata?: ClientMetadata;
}

/**
 * The stored session, refreshed first when the id or access token has expired (allowing for
 * clock drift) or when forced; null when signed out. Refresh errors other than
 * NotAuthorizedException propagate.
 */
export async function getFreshTokens(runtime: AuthRuntime, options: FetchAuthSessionOptions = {}): Promise<StoredTokens | null> {
  // A redirect sign-in being completed is about to store tokens: read the session after it.
  await afterRedirectCompletion(runtime);
  const tokens = await loadTokens(runtime);
  if (tokens === null) return null;
  const refreshNeeded = shouldRefresh({
    idExp: tokens.idToken?.payload.exp,
    accessExp: tokens.accessToken.payload.exp,
    now: runtime.clock.now(),
    clockDrift: tokens.clockDrift,
    forceRefresh: options.forceRefresh,
  });
  return refreshNeeded ? refreshTokens(runtime, tokens, options.clientMetadata) : tokens;
}

/** The session of a signed-in user (refreshed as needed); throws UserUnAuthenticatedException otherwise. */
export async function requireSignedIn(runtime: AuthRuntime): Promise<StoredTokens> {
  const tokens = await getFreshTokens(runtime);
  if (tokens === null) throw new UserUnAuthenticatedException();
  return tokens;
}

/** Throws UserAlreadyAuthenticatedException when a session is stored (before signIn, spec section 5). */
export async function assertNoSignedInUser(runtime: Pick<AuthRuntime, 'config' | 'storage'>): Promise<void> {
  if ((await loadTokens(runtime)) !== null) throw new UserAlreadyAuthenticatedException();
}

/**
 * aws-amplify v6's fetchAuthSession on a runtime: tokens (refreshed when expired or forced,
 * concurrent callers sharing one refresh), identity-pool credentials and identity id when an
 * identity pool is configured (guest ones only with allowGuestAccess), and the user's sub.
 */
export async function fetchAuthSessionWith(runtime: AuthRuntime, options: FetchAuthSessionOptions = {}): Promise<AuthSession> {
  if (runtime.providers !== undefined) return fetchFromProviders(runtime.providers, options);
  const tokens = await getFreshTokens(runtime, options);
  const session: AuthSession = {};
  if (tokens !== null) {
    session.tokens = { accessToken: tokens.accessToken };
    if (tokens.idToken !== undefined) session.tokens.idToken = tokens.idToken;
    if (tokens.signInDetails !== undefined) session.tokens.signInDetails = tokens.signInDetails;
    const sub = tokens.accessToken.payload.sub;
    if (typeof sub === 'string') session.userSub = sub;
  }
  const identity = await getCredentialsAndIdentityId(runtime, { idToken: tokens?.idToken, forceRefresh: options.forceRefresh });
  if (identity !== undefined) {
    session.credentials = identity.credentials;
    session.identityId = identity.identityId;
  }
  return session;
}

/**
 * fetchAuthSession over the app's own providers (Amplify.configure's LibraryOptions.Auth), as
 * aws-amplify's AuthClass does it: the token provider's tokens, then the credentials provider's
 * credentials for them (or a guest's without tokens); a missing provider gives nothing.
 */
async function fetchFromProviders(providers: AuthProviders, options: FetchAuthSessionOptions): Promise<AuthSession> {
  const tokens = (await providers.tokenProvider?.getTokens(options)) ?? undefined;
  const { authConfig, credentialsProvider } = providers;
  const { forceRefresh } = options;
  const identity = await credentialsProvider?.getCredentialsAndIdentityId(
    tokens === undefined ? { authConfig, authenticated: false, forceRefresh } : { authConfig, tokens, authenticated: true, forceRefresh },
  );
  const sub = tokens?.accessToken.payload.sub;
  return { tokens, credentials: identity?.credentials, identityId: identity?.identityId, userSub: sub };
}
