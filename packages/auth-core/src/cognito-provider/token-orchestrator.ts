// aws-amplify v6's TokenOrchestrator. With the token provider's store and refresher (the default), it is
// auth-core's own session logic on the default runtime (getFreshTokens: refresh on expiry with clock
// drift, one shared refresh, device retry, Hub events); with a store or refresher the app set, it loads,
// refreshes and stores through them as Amplify does.
import type { ClientMetadata } from '../cognito/user-pool-operations.js';
import type { AmplifyAuthConfig } from '../config/amplify-config.js';
import { isCognitoServiceError } from '../errors/auth-errors.js';
import { Hub, toHubError } from '../events/auth-hub.js';
import { afterRedirectCompletion } from '../oauth/pending-redirect-completion.js';
import { findAuthRuntime } from '../runtime/auth-runtime.js';
import { getFreshTokens } from '../tokens/auth-session.js';
import type { AuthTokens, FetchAuthSessionOptions } from '../tokens/auth-session.js';
import { shouldRefresh } from '../tokens/refresh-decision.js';
import type { OAuthMetadata } from '../tokens/token-store.js';
import { followsDefaultRuntime } from './token-store.js';
import { refreshAuthTokens } from './token-refresher.js';
import type {
  AuthTokenOrchestrator,
  AuthTokenStore,
  ClientMetadataProvider,
  CognitoAuthTokens,
  TokenRefresher,
  TokenStoreDeviceMetadata,
} from './token-types.js';

// The session's tokens as getTokens hands them out (no refresh token, no drift).
function toAuthTokens(tokens: Pick<CognitoAuthTokens, 'accessToken' | 'idToken' | 'signInDetails'>): AuthTokens {
  const out: AuthTokens = { accessToken: tokens.accessToken };
  if (tokens.idToken !== undefined) out.idToken = tokens.idToken;
  if (tokens.signInDetails !== undefined) out.signInDetails = tokens.signInDetails;
  return out;
}

/** aws-amplify v6's TokenOrchestrator: hands out the session's tokens, refreshed when they have expired or when forced. */
export class TokenOrchestrator implements AuthTokenOrchestrator {
  clientMetadataProvider?: ClientMetadataProvider;
  tokenStore?: AuthTokenStore;
  tokenRefresher?: TokenRefresher;
  /** Declared for Amplify's shape; auth-core tracks a running redirect completion per runtime instead. */
  inflightPromise: Promise<void> | undefined;
  private authConfig?: AmplifyAuthConfig;

  /** Resolves once a running completeSignInWithRedirect on the default runtime has finished (session reads wait for it). */
  waitForInflightOAuth: () => Promise<void> = async () => {
    const runtime = findAuthRuntime();
    if (runtime !== undefined) await afterRedirectCompletion(runtime);
  };

  /** Sets the configuration handed to a custom token refresher. */
  setAuthConfig(authConfig: AmplifyAuthConfig): void {
    this.authConfig = authConfig;
  }

  /** Replaces the refresher (default refreshAuthTokens). */
  setTokenRefresher(tokenRefresher: TokenRefresher): void {
    this.tokenRefresher = tokenRefresher;
  }

  /** Replaces the store (default: the token provider's, on the default runtime). */
  setAuthTokenStore(tokenStore: AuthTokenStore): void {
    this.tokenStore = tokenStore;
  }

  /** Replaces what getTokens waits for first (earlier aws-amplify v6 releases set it this way). */
  setWaitForInflightOAuth(waitForInflightOAuth: () => Promise<void>): void {
    this.waitForInflightOAuth = waitForInflightOAuth;
  }

  /** The store; throws a TypeError when none was set. */
  getTokenStore(): AuthTokenStore {
    if (this.tokenStore === undefined) throw new TypeError('TokenStore not set');
    return this.tokenStore;
  }

  /** The refresher; throws a TypeError when none was set. */
  getTokenRefresher(): TokenRefresher {
    if (this.tokenRefresher === undefined) throw new TypeError('TokenRefresher not set');
    return this.tokenRefresher;
  }

  /** Sets where refreshes get their client metadata when getTokens is given none. */
  setClientMetadataProvider(clientMetadataProvider: ClientMetadataProvider): void {
    this.clientMetadataProvider = clientMetadataProvider;
  }

  /** The session's tokens, refreshed first when expired (by the server's clock) or forced; null when signed out or not configured. */
  async getTokens(options: FetchAuthSessionOptions = {}): Promise<AuthTokens | null> {
    const store = this.tokenStore;
    const runtime = findAuthRuntime();
    if (store === undefined || (followsDefaultRuntime(store) && (this.tokenRefresher ?? refreshAuthTokens) === refreshAuthTokens)) {
      if (runtime === undefined) return null;
      await this.waitForInflightOAuth();
      const clientMetadata = await this.clientMetadata(options);
      const tokens = await getFreshTokens(runtime, { ...options, ...(clientMetadata ? { clientMetadata } : {}) });
      return tokens === null ? null : toAuthTokens(tokens);
    }
    await this.waitForInflightOAuth();
    const tokens = await store.loadTokens();
    if (tokens === null) return null;
    const refreshNeeded = shouldRefresh({
      idExp: tokens.idToken?.payload.exp,
      accessExp: tokens.accessToken.payload.exp,
      now: runtime?.clock.now() ?? Date.now(),
      clockDrift: tokens.clockDrift,
      forceRefresh: options.forceRefresh,
    });
    if (!refreshNeeded) return toAuthTokens(tokens);
    const fresh = await this.refreshThroughStore(store, tokens, options);
    return fresh === null ? null : toAuthTokens(fresh);
  }

  private async clientMetadata(options: FetchAuthSessionOptions): Promise<ClientMetadata | undefined> {
    return options.clientMetadata ?? (await this.clientMetadataProvider?.());
  }

  // Amplify's refresh through a custom store and refresher: store the new tokens, or forget a session the pool has ended.
  private async refreshThroughStore(store: AuthTokenStore, tokens: CognitoAuthTokens, options: FetchAuthSessionOptions): Promise<CognitoAuthTokens | null> {
    const hub = findAuthRuntime()?.hub ?? Hub;
    try {
      const clientMetadata = await this.clientMetadata(options);
      const fresh = await this.getTokenRefresher()({
        tokens,
        username: await store.getLastAuthUser(),
        ...(this.authConfig ? { authConfig: this.authConfig } : {}),
        ...(clientMetadata ? { clientMetadata } : {}),
      });
      const stored = { ...fresh, ...(tokens.signInDetails ? { signInDetails: tokens.signInDetails } : {}) };
      await store.storeTokens(stored);
      hub.dispatch('auth', { event: 'tokenRefresh' });
      return stored;
    } catch (error) {
      hub.dispatch('auth', { event: 'tokenRefresh_failure', data: { error: toHubError(error) } });
      if (!isCognitoServiceError(error, 'NotAuthorizedException') && !isCognitoServiceError(error, 'RefreshTokenReuseException')) throw error;
      await store.clearTokens();
      return null;
    }
  }

  /** Stores a session through the store. */
  async setTokens({ tokens }: { tokens: CognitoAuthTokens }): Promise<void> {
    await this.getTokenStore().storeTokens(tokens);
  }

  /** Removes the session through the store. */
  async clearTokens(): Promise<void> {
    await this.getTokenStore().clearTokens();
  }

  /** The remembered device through the store. */
  getDeviceMetadata(username?: string): Promise<TokenStoreDeviceMetadata | null> {
    return this.getTokenStore().getDeviceMetadata(username);
  }

  /** Forgets the remembered device through the store. */
  clearDeviceMetadata(username?: string): Promise<void> {
    return this.getTokenStore().clearDeviceMetadata(username);
  }

  /** Records the session's OAuth metadata through the store. */
  setOAuthMetadata(metadata: OAuthMetadata): Promise<void> {
    return this.getTokenStore().setOAuthMetadata(metadata);
  }

  /** The session's OAuth metadata through the store. */
  getOAuthMetadata(): Promise<OAuthMetadata | null> {
    return this.getTokenStore().getOAuthMetadata();
  }
}
