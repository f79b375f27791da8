import { callUserPool } from '../cognito/user-pool-client.js';
import type { ClientMetadata } from '../cognito/user-pool-operations.js';
import { withDeviceNotFoundRetry } from '../devices/device-not-found.js';
import { NetworkError, NoSessionFoundException, TokenRefreshException, isCognitoServiceError } from '../errors/auth-errors.js';
import { toHubError } from '../events/auth-hub.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { storeAuthenticationResult } from './authentication-result.js';
import { clearTokens, getOAuthMetadata } from './token-store.js';
import type { StoredTokens } from './token-store.js';

type RefreshRuntime = Pick<AuthRuntime, 'config' | 'fetch' | 'storage' | 'cookies' | 'clock' | 'hub'>;

const inflight = new WeakMap<object, Promise<StoredTokens | null>>();

function isSignedOutByProvider(error: unknown): boolean {
  return isCognitoServiceError(error, 'NotAuthorizedException') || isCognitoServiceError(error, 'RefreshTokenReuseException');
}

async function refreshOnce(runtime: RefreshRuntime, tokens: StoredTokens, clientMetadata: ClientMetadata | undefined): Promise<StoredTokens | null> {
  try {
    const refreshToken = tokens.refreshToken;
    if (refreshToken === undefined) {
      // Implicit-grant hosted-UI sessions never get a refresh token: say so rather than "no session".
      const implicitGrant = runtime.config.oauth?.responseType === 'token' && (await getOAuthMetadata(runtime))?.oauthSignIn === true;
      if (implicitGrant) throw new TokenRefreshException();
      throw new NoSessionFoundException({ message: 'The stored session has no refresh token.' });
    }
    // Current Amplify refreshes through GetTokensFromRefreshToken, which Cognito answers whether or not
    // the app client rotates refresh tokens (InitiateAuth REFRESH_TOKEN_AUTH is refused with rotation on).
    const response = await withDeviceNotFoundRetry(runtime, tokens.username, (device) =>
      callUserPool(runtime, 'GetTokensFromRefreshToken', {
        ClientId: runtime.config.userPoolClientId,
        RefreshToken: refreshToken,
        ...(device ? { DeviceKey: device.deviceKey } : {}),
        ...(clientMetadata ? { ClientMetadata: clientMetadata } : {}),
      }),
    );
    // A rotated refresh token replaces the stored one; without rotation none comes back and the old one stays.
    const stored = await storeAuthenticationResult(runtime, tokens.username, response.AuthenticationResult ?? {}, {
      signInDetails: tokens.signInDetails,
      previousRefreshToken: refreshToken,
    });
    runtime.hub.dispatch('auth', { event: 'tokenRefresh' });
    return stored;
  } catch (error) {
    runtime.hub.dispatch('auth', { event: 'tokenRefresh_failure', data: { error: toHubError(error) } });
    // Spec section 4: only a network failure keeps the tokens (the refresh can be retried).
    if (error instanceof NetworkError) throw error;
    await clearTokens(runtime);
    // A revoked, expired or rotated-out (reused) refresh token means the session is over: signed out.
    if (isSignedOutByProvider(error) || error instanceof NoSessionFoundException) return null;
    throw error;
  }
}

/**
 * Refreshes the session with GetTokensFromRefreshToken (plus DeviceKey when a device is remembered),
 * storing a rotated refresh token when one comes back and keeping the old one otherwise. Concurrent
 * callers share one request. Resolves to the new session, or null (signed out) after
 * NotAuthorizedException or RefreshTokenReuseException or when there is no refresh token
 * (TokenRefreshException for implicit-grant hosted-UI sessions). Emits tokenRefresh /
 * tokenRefresh_failure. A failure other than NetworkError clears the tokens. `clientMetadata` goes
 * to the pool's triggers (as fetchAuthSession's option in aws-amplify).
 */
export function refreshTokens(runtime: RefreshRuntime, tokens: StoredTokens, clientMetadata?: ClientMetadata): Promise<StoredTokens | null> {
  const pending = inflight.get(runtime);
  if (pending !== undefined) return pending;
  const refresh = refreshOnce(runtime, tokens, clientMetadata).finally(() => inflight.delete(runtime));
  inflight.set(runtime, refresh);
  return refresh;
}
