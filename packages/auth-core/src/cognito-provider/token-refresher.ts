// aws-amplify v6's refreshAuthTokens: one GetTokensFromRefreshToken exchange, returning the new tokens
// without storing them (the orchestrator stores). auth-core's own refresh (src/tokens/token-refresh.ts)
// also stores, emits Hub events and retries without a forgotten device; this is Amplify's primitive.
import type { FetchLike } from '../cognito/aws-json-transport.js';
import { callUserPool } from '../cognito/user-pool-client.js';
import { parseAuthConfig } from '../config/auth-config.js';
import type { AuthConfig } from '../config/auth-config.js';
import { AuthConfigError, NoSessionFoundException, UnexpectedSignInInterruptionException } from '../errors/auth-errors.js';
import { AuthUserPoolException } from '../errors/catalogue.js';
import { findAuthRuntime } from '../runtime/auth-runtime.js';
import type { Clock } from '../runtime/auth-runtime.js';
import { clockDriftFromAccessToken } from '../tokens/authentication-result.js';
import { decodeJwtToken } from '../tokens/jwt.js';
import type { CognitoAuthTokens, TokenRefresher } from './token-types.js';

interface RefreshTransport {
  config: AuthConfig;
  fetch: FetchLike;
  clock: Clock;
}

// The pool of `authConfig` when given, else configure()'s; the default runtime's fetch and clock when there is one.
function transportFor(authConfig: Parameters<TokenRefresher>[0]['authConfig']): RefreshTransport {
  const runtime = findAuthRuntime();
  const config = authConfig !== undefined ? parseAuthConfig({ Auth: authConfig }) : runtime?.config;
  if (config === undefined) throw new AuthConfigError(AuthUserPoolException);
  return {
    config,
    fetch: runtime?.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock: runtime?.clock ?? { now: () => Date.now() },
  };
}

/** refreshAuthTokens without sharing a running exchange: GetTokensFromRefreshToken (with the device key and client metadata), the old refresh token kept unless a rotated one comes back. */
export const refreshAuthTokensWithoutDedupe: TokenRefresher = async ({ tokens, authConfig, username, clientMetadata }) => {
  const transport = transportFor(authConfig);
  const refreshToken = tokens.refreshToken;
  if (refreshToken === undefined || refreshToken === '') throw new NoSessionFoundException({ message: 'The stored session has no refresh token.' });
  const deviceKey = tokens.deviceMetadata?.deviceKey;
  const response = await callUserPool(transport, 'GetTokensFromRefreshToken', {
    ClientId: transport.config.userPoolClientId,
    RefreshToken: refreshToken,
    ...(deviceKey ? { DeviceKey: deviceKey } : {}),
    ...(clientMetadata ? { ClientMetadata: clientMetadata } : {}),
  });
  const result = response.AuthenticationResult;
  if (!result?.AccessToken) throw new UnexpectedSignInInterruptionException({ message: 'GetTokensFromRefreshToken answered without an access token.' });
  const refreshed: CognitoAuthTokens = {
    accessToken: decodeJwtToken(result.AccessToken),
    clockDrift: clockDriftFromAccessToken(result.AccessToken, transport.clock.now()),
    refreshToken: result.RefreshToken ?? refreshToken,
    username,
  };
  if (result.IdToken) refreshed.idToken = decodeJwtToken(result.IdToken);
  return refreshed;
};

let running: Promise<CognitoAuthTokens> | undefined;

/** aws-amplify v6's refreshAuthTokens: refreshAuthTokensWithoutDedupe, with concurrent calls sharing the running exchange. */
export const refreshAuthTokens: TokenRefresher = (input) => {
  running ??= refreshAuthTokensWithoutDedupe(input).finally(() => {
    running = undefined;
  });
  return running;
};
