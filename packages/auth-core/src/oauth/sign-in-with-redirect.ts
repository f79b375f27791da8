import { AuthConfigError, OAuthSignInException } from '../errors/auth-errors.js';
import { OAuthNotConfigureException } from '../errors/catalogue.js';
import { toHubError } from '../events/auth-hub.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { assertNoSignedInUser } from '../tokens/auth-session.js';
import { buildAuthorizeUrl, identityProviderName } from './authorize-url.js';
import type { OAuthPrompt, SignInWithRedirectProvider } from './authorize-url.js';
import { completeSignInWithRedirectWith } from './complete-sign-in-with-redirect.js';
import { clearOAuthInFlight, storeOAuthInFlight } from './in-flight-store.js';
import { createOAuthState } from './oauth-state.js';
import { codeChallengeS256, createCodeVerifier } from './pkce.js';
import { chooseSignInRedirect } from './redirect-choice.js';

/** signInWithRedirect's input, aws-amplify v6's SignInWithRedirectInput. */
export interface SignInWithRedirectInput {
  /** Default 'COGNITO' (the pool's own users on the managed login page). */
  provider?: SignInWithRedirectProvider;
  /** Handed back by the `customOAuthState` Hub event and completeSignInWithRedirect's result. */
  customState?: string;
  options?: {
    /** The managed login page's language, e.g. 'fr'. */
    lang?: string;
    /** Prefills the username field. */
    loginHint?: string;
    /** OpenID Connect prompt; LOGIN forces the form even with a managed-login session. */
    prompt?: OAuthPrompt;
    /** OpenID Connect nonce, echoed in the id token. */
    nonce?: string;
    /**
     * Opens the authorize URL instead of navigating this page (an in-app browser tab, a native auth
     * session) and reports how it ended; a `success` with the callback URL is completed right away.
     */
    authSessionOpener?: OpenAuthSession;
    /** Passed to authSessionOpener (iOS: an ephemeral browser session); otherwise ignored. */
    preferPrivateSession?: boolean;
  };
}

/** How an authSessionOpener's session ended (aws-amplify v6's OpenAuthSessionResult). */
export interface OpenAuthSessionResult {
  type: 'canceled' | 'success' | 'error';
  error?: unknown;
  /** With `success`: the callback URL managed login returned to. */
  url?: string;
}

/** Opens managed login outside this page (aws-amplify v6's OpenAuthSession); resolving to nothing means it navigated away. */
export type OpenAuthSession = (url: string, redirectUrls: string[], preferPrivateSession?: boolean) => Promise<OpenAuthSessionResult | void>;

function isIdpIdentifier(provider: SignInWithRedirectProvider): provider is { idpIdentifier: string; custom?: never } {
  return typeof provider === 'object' && typeof provider.idpIdentifier === 'string';
}

/** Ends a redirect sign-in that cannot complete: its in-flight items go, the Hub hears it, the error is thrown. */
async function failRedirect(runtime: AuthRuntime, error: OAuthSignInException): Promise<never> {
  await clearOAuthInFlight(runtime);
  runtime.hub.dispatch('auth', { event: 'signInWithRedirect_failure', data: { error: toHubError(error) } });
  throw error;
}

/** Runs an authSessionOpener's session and completes the sign-in with the callback URL it returns. */
async function openAuthSession(runtime: AuthRuntime, opener: OpenAuthSession, url: string, redirectUrls: string[], preferPrivateSession: boolean | undefined): Promise<void> {
  let outcome: OpenAuthSessionResult | void;
  try {
    outcome = await opener(url, redirectUrls, preferPrivateSession);
  } catch (error) {
    return failRedirect(runtime, new OAuthSignInException({ message: 'The managed login page could not be opened.', underlyingError: error }));
  }
  // Nothing back: the opener navigated (a web page); the sign-in completes when the app loads again.
  if (outcome === undefined) return;
  // aws-amplify's messages: the error as text, or the result type ('canceled').
  if (outcome.type === 'error') return failRedirect(runtime, new OAuthSignInException({ message: String(outcome.error), underlyingError: outcome.error }));
  if (outcome.type === 'canceled') return failRedirect(runtime, new OAuthSignInException({ message: 'canceled' }));
  if (outcome.url !== undefined) await completeSignInWithRedirectWith(runtime, outcome.url);
}

/**
 * aws-amplify v6's signInWithRedirect on a runtime: needs config.oauth (OAuthNotConfigureException)
 * and a redirectSignIn URL on the current origin; refuses a signed-in user (UserAlreadyAuthenticatedException)
 * unless a prompt is given. Stores state, PKCE verifier and the in-flight flag, then navigates to the
 * managed login page's /oauth2/authorize; the sign-in finishes in completeSignInWithRedirect on return.
 * With `options.authSessionOpener` the opener shows the page instead and its callback URL is completed
 * here (OAuthSignInException and signInWithRedirect_failure when it reports `canceled` or `error`).
 */
export async function signInWithRedirectWith(runtime: AuthRuntime, input: SignInWithRedirectInput = {}): Promise<void> {
  const oauth = runtime.config.oauth;
  if (oauth === undefined) throw new AuthConfigError(OAuthNotConfigureException);
  const prompt = input.options?.prompt;
  // As aws-amplify: a prompt asks the provider to re-authenticate or switch accounts, which a signed-in user may do.
  if (prompt === undefined) await assertNoSignedInUser(runtime);
  const redirectUri = chooseSignInRedirect(oauth.redirectSignIn, runtime.location());

  const state = createOAuthState(runtime.randomBytes, input.customState);
  const codeVerifier = oauth.responseType === 'code' ? createCodeVerifier(runtime.randomBytes) : undefined;
  const codeChallenge = codeVerifier === undefined ? undefined : await codeChallengeS256(codeVerifier);
  const { provider } = input;
  let identityProvider: string | undefined;
  let idpIdentifier: string | undefined;
  // Without a provider a silent prompt=none may resume a session of any provider, so none is pinned then.
  if (provider === undefined) identityProvider = prompt === 'NONE' ? undefined : identityProviderName('COGNITO');
  else if (isIdpIdentifier(provider)) idpIdentifier = provider.idpIdentifier;
  else identityProvider = identityProviderName(provider);

  const url = buildAuthorizeUrl({
    domain: oauth.domain,
    clientId: runtime.config.userPoolClientId,
    redirectUri,
    responseType: oauth.responseType,
    scopes: oauth.scopes,
    state,
    codeChallenge,
    identityProvider,
    idpIdentifier,
    lang: input.options?.lang,
    loginHint: input.options?.loginHint,
    nonce: input.options?.nonce,
    prompt,
  });
  await storeOAuthInFlight(runtime, { state, codeVerifier, redirectUri });
  const opener = input.options?.authSessionOpener;
  if (opener !== undefined) return openAuthSession(runtime, opener, url, [...oauth.redirectSignIn], input.options?.preferPrivateSession);
  try {
    await runtime.redirect(url);
  } catch (error) {
    await clearOAuthInFlight(runtime);
    throw new OAuthSignInException({ message: 'The managed login page could not be opened.', underlyingError: error });
  }
}
