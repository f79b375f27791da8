import { callUserPool } from '../cognito/user-pool-client.js';
import { withDeviceNotFoundRetry } from '../devices/device-not-found.js';
import { NetworkError, NoSessionFoundException, TokenRefreshException, isCognitoServiceError } from '../errors/auth-errors.js';
import { toHubError } from '../events/auth-hub.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { storeAuthenticationResult } from './authentication-result.js';
import { clearTokens, getOAuthMetadata } from './token-store.js';
import type { StoredTokens } from './token-store.js';

type RefreshRuntime = Pick<AuthRuntime, 'config' | 'fetch' | 'storage' | 'cookies' | 'clock' | 'hub'>;

const inflight = new WeakMap<object, Promise<StoredTokens | null>>();

async function refreshOnce(runtime: RefreshRuntime, tokens: StoredTokens): Promise<StoredTokens | null> {
  try {
    const refreshToken = tokens.refreshToken;
    if (refreshToken === undefined) {
      // Implicit-grant hosted-UI sessions never get a refresh token: say so rather than "no session".
      const implicitGrant = runtime.config.oauth?.responseType === 'token' && (await getOAuthMetadata(runtime))?.oauthSignIn === true;
      if (implicitGrant) throw new TokenRefreshException();
      throw new NoSessionFoundException({ message: 'The stored session has no refresh token.' });
    }
    const response = await withDeviceNotFoundRetry(runtime, tokens.username, (device) =>
      callUserPool(runtime, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: runtime.config.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken, ...(device ? { DEVICE_KEY: device.deviceKey } : {}) },
      }),
    );
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
    if (isCognitoServiceError(error, 'NotAuthorizedException') || error instanceof NoSessionFoundException) return null;
    throw error;
  }
}

/**
 * Refreshes the session with InitiateAuth REFRESH_TOKEN_AUTH (plus DEVICE_KEY when a device is
 * remembered). Concurrent callers share one request. Resolves to the new session, or null
 * (signed out) after NotAuthorizedException or when there is no refresh token (TokenRefreshException
 * for implicit-grant hosted-UI sessions). Emits
 * tokenRefresh / tokenRefresh_failure. A failure other than NetworkError clears the tokens.
 */
export function refreshTokens(runtime: RefreshRuntime, tokens: StoredTokens): Promise<StoredTokens | null> {
  const pending = inflight.get(runtime);
  if (pending !== undefined) return pending;
  const refresh = refreshOnce(runtime, tokens).finally(() => inflight.delete(runtime));
  inflight.set(runtime, refresh);
  return refresh;
}
