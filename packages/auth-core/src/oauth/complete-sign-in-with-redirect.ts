import type { AuthenticationResultType } from '../cognito/user-pool-operations.js';
import type { OAuthConfig } from '../config/auth-config.js';
import { OAuthSignInException, UnexpectedSignInInterruptionException } from '../errors/auth-errors.js';
import { toHubError } from '../events/auth-hub.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { currentUserFromTokens } from '../tokens/current-user.js';
import type { AuthUser } from '../tokens/current-user.js';
import { decodeJwtToken } from '../tokens/jwt.js';
import { setOAuthMetadata } from '../tokens/token-store.js';
import { readOAuthCallback, withoutOAuthParams } from './callback-url.js';
import type { OAuthCallback } from './callback-url.js';
import { clearOAuthInFlight, loadOAuthInFlight } from './in-flight-store.js';
import type { OAuthInFlight } from './in-flight-store.js';
import { customStateOf, oauthStatesEqual } from './oauth-state.js';
import { runRedirectCompletionOnce } from './pending-redirect-completion.js';
import { chooseSignInRedirect } from './redirect-choice.js';
import { exchangeAuthorizationCode, oauthErrorToException } from './token-endpoint.js';

/** A callback that carries an answer. */
type OAuthAnswer = Exclude<OAuthCallback, { kind: 'none' }>;

/** A finished redirect sign-in. */
export interface SignInWithRedirectResult {
  /** The signed-in user, as getCurrentUser reports it. */
  user: AuthUser;
  /** The customState given to signInWithRedirect, if any. */
  customState: string | undefined;
}

// aws-amplify's message for a state that is not ours.
const STATE_MISMATCH = 'An error occurred while validating the state.';

function usernameOf(result: AuthenticationResultType): string {
  let username: unknown;
  try {
    // The access token's `username` is the Cognito username the session is stored under, as after signIn.
    username = decodeJwtToken(result.AccessToken ?? '').payload.username;
    if (typeof username !== 'string' || username === '') username = result.IdToken && decodeJwtToken(result.IdToken).payload['cognito:username'];
  } catch (error) {
    throw new UnexpectedSignInInterruptionException({ underlyingError: error });
  }
  if (typeof username === 'string' && username !== '') return username;
  throw new UnexpectedSignInInterruptionException({ message: 'The access token names no username.' });
}

async function tokensFromCallback(runtime: AuthRuntime, oauth: OAuthConfig, callback: OAuthAnswer, inFlight: OAuthInFlight): Promise<AuthenticationResultType> {
  if (callback.kind === 'error') throw oauthErrorToException({ error: callback.error, ...(callback.description === undefined ? {} : { error_description: callback.description }) });
  if (!oauthStatesEqual(callback.state, inFlight.state)) {
    throw new OAuthSignInException({ message: STATE_MISMATCH, recoverySuggestion: 'Start the sign-in again with signInWithRedirect from this app.' });
  }
  if (callback.kind === 'tokens') return { AccessToken: callback.accessToken, IdToken: callback.idToken };
  return exchangeAuthorizationCode(runtime, {
    code: callback.code,
    // The redirect_uri of the authorize request, which the code is bound to.
    redirectUri: inFlight.redirectUri ?? chooseSignInRedirect(oauth.redirectSignIn, runtime.location()),
    codeVerifier: inFlight.codeVerifier,
  });
}

function cleanAddressBar(runtime: AuthRuntime, href: string): void {
  const clean = withoutOAuthParams(href);
  if (clean === href) return;
  try {
    runtime.replaceUrl(clean);
  } catch {
    // The sign-in stands without a tidy address bar; the used code cannot be redeemed twice anyway.
  }
}

async function completeOnce(runtime: AuthRuntime, url: string | undefined): Promise<SignInWithRedirectResult | null> {
  const oauth = runtime.config.oauth;
  const href = url ?? runtime.location()?.href;
  if (oauth === undefined || href === undefined) return null;
  const callback = readOAuthCallback(href, oauth.responseType);
  // A page without an answer (another tab, or the user came back without finishing) leaves a
  // started sign-in alone: its items serve only a callback with their state, and the next start replaces them.
  if (callback.kind === 'none') return null;
  const inFlight = await loadOAuthInFlight(runtime);
  // Nothing was started here (or it already ended): a code in the address is not ours to redeem.
  if (inFlight === null) return null;
  try {
    const result = await tokensFromCallback(runtime, oauth, callback, inFlight);
    const tokens = await storeAuthenticationResult(runtime, usernameOf(result), result);
    await setOAuthMetadata(runtime, { oauthSignIn: true });
    await clearOAuthInFlight(runtime);
    cleanAddressBar(runtime, href);
    const user = currentUserFromTokens(tokens);
    const customState = customStateOf(inFlight.state);
    // aws-amplify's order: customOAuthState, signInWithRedirect, then signedIn.
    if (customState !== undefined) runtime.hub.dispatch('auth', { event: 'customOAuthState', data: customState });
    runtime.hub.dispatch('auth', { event: 'signInWithRedirect' });
    runtime.hub.dispatch('auth', { event: 'signedIn', data: { ...user } });
    return { user, customState };
  } catch (error) {
    // A state or verifier serves one callback: a failed one is spent, and a reload must not retry it.
    await clearOAuthInFlight(runtime);
    cleanAddressBar(runtime, href);
    runtime.hub.dispatch('auth', { event: 'signInWithRedirect_failure', data: { error: toHubError(error) } });
    throw error;
  }
}

/**
 * Finishes a signInWithRedirect on the page managed login returned to (`url`, default the page's
 * address): checks the state (constant time), redeems the code at /oauth2/token with the PKCE
 * verifier (or reads implicit-grant tokens from the fragment), stores the tokens as signIn does,
 * marks the session as OAuth (so signOut goes through /logout), clears the in-flight items and the
 * address bar's code and state, and emits customOAuthState, signInWithRedirect and signedIn.
 * Resolves to null when the address carries no OAuth answer or no redirect sign-in is in flight. Failures (OAuthSignInException,
 * NetworkError, …) emit signInWithRedirect_failure and are thrown. Concurrent calls share one run.
 */
export function completeSignInWithRedirectWith(runtime: AuthRuntime, url?: string): Promise<SignInWithRedirectResult | null> {
  return runRedirectCompletionOnce(runtime, () => completeOnce(runtime, url));
}
