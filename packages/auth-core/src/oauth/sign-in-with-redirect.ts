import { AuthConfigError, OAuthSignInException } from '../errors/auth-errors.js';
import { OAuthNotConfigureException } from '../errors/catalogue.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { assertNoSignedInUser } from '../tokens/auth-session.js';
import { buildAuthorizeUrl, identityProviderName } from './authorize-url.js';
import type { OAuthPrompt, SignInWithRedirectProvider } from './authorize-url.js';
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
  };
}

/**
 * aws-amplify v6's signInWithRedirect on a runtime: needs config.oauth (OAuthNotConfigureException)
 * and a redirectSignIn URL on the current origin; refuses a signed-in user (UserAlreadyAuthenticatedException)
 * unless a prompt is given. Stores state, PKCE verifier and the in-flight flag, then navigates to the
 * managed login page's /oauth2/authorize. The sign-in finishes in completeSignInWithRedirect on return.
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
  // Without a provider a silent prompt=none may resume a session of any provider, so none is pinned then.
  const identityProvider =
    input.provider !== undefined ? identityProviderName(input.provider) : prompt === 'NONE' ? undefined : identityProviderName('COGNITO');

  const url = buildAuthorizeUrl({
    domain: oauth.domain,
    clientId: runtime.config.userPoolClientId,
    redirectUri,
    responseType: oauth.responseType,
    scopes: oauth.scopes,
    state,
    codeChallenge,
    identityProvider,
    lang: input.options?.lang,
    loginHint: input.options?.loginHint,
    nonce: input.options?.nonce,
    prompt,
  });
  await storeOAuthInFlight(runtime, { state, codeVerifier, redirectUri });
  try {
    await runtime.redirect(url);
  } catch (error) {
    await clearOAuthInFlight(runtime);
    throw new OAuthSignInException({ message: 'The managed login page could not be opened.', underlyingError: error });
  }
}
