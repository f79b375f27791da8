import { callUserPool } from '../cognito/user-pool-client.js';
import { OAuthSignOutException } from '../errors/auth-errors.js';
import { clearCredentials } from '../identity-pool/credentials.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { clearTokens, getOAuthMetadata, loadTokens } from '../tokens/token-store.js';
import { chooseSignOutRedirect, hostedLogoutUrl } from './sign-out-redirect.js';

/** signOut's input, aws-amplify v6's SignOutInput. */
export interface SignOutInput {
  /** Also end every other session of the user (GlobalSignOut) instead of revoking this refresh token. */
  global?: boolean;
  oauth?: { redirectUrl?: string };
}

// Revocation is best effort: local sign-out must complete even when the provider is unreachable.
async function endSessionAtProvider(runtime: AuthRuntime, global: boolean): Promise<void> {
  const tokens = await loadTokens(runtime);
  if (tokens === null) return;
  try {
    if (global) {
      await callUserPool(runtime, 'GlobalSignOut', { AccessToken: tokens.accessToken.toString() });
    } else if (tokens.refreshToken !== undefined) {
      await callUserPool(runtime, 'RevokeToken', { ClientId: runtime.config.userPoolClientId, Token: tokens.refreshToken });
    }
  } catch {
    // Nothing to do: the tokens are cleared below either way.
  }
}

/**
 * aws-amplify v6's signOut on a runtime: GlobalSignOut when `global`, else RevokeToken on the
 * refresh token (both best effort); then always clears tokens, cookies and cached credentials and
 * emits `signedOut`. After a hosted-UI sign-in it then redirects to the hosted logout page with a
 * checked logout_uri (InvalidRedirectException, InvalidPreferredRedirectUrlException,
 * InvalidOriginException; OAuthSignOutException when the redirect fails).
 */
export async function signOutWith(runtime: AuthRuntime, input: SignOutInput = {}): Promise<void> {
  const oauth = runtime.config.oauth;
  const usedHostedUi = oauth !== undefined && (await getOAuthMetadata(runtime))?.oauthSignIn === true;
  let logoutUrl: string | undefined;
  let redirectError: unknown;
  if (usedHostedUi) {
    try {
      const logoutUri = chooseSignOutRedirect(oauth.redirectSignOut, input.oauth?.redirectUrl, runtime.location());
      logoutUrl = hostedLogoutUrl(oauth.domain, runtime.config.userPoolClientId, logoutUri);
    } catch (error) {
      redirectError = error;
    }
  }

  await endSessionAtProvider(runtime, input.global === true);
  await clearTokens(runtime);
  clearCredentials(runtime);
  // The app's own credentials provider (Amplify.configure's LibraryOptions.Auth), as aws-amplify's signOut
  // does; waited for when it returns a promise (the interface says void, aws-amplify awaits it).
  const cleared: unknown = runtime.providers?.credentialsProvider?.clearCredentialsAndIdentityId();
  await cleared;
  runtime.hub.dispatch('auth', { event: 'signedOut' });

  if (redirectError !== undefined) throw redirectError;
  if (logoutUrl === undefined) return;
  try {
    await runtime.redirect(logoutUrl);
  } catch (error) {
    throw new OAuthSignOutException({ underlyingError: error });
  }
}
