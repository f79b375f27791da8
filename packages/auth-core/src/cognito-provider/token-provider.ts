// aws-amplify v6's cognitoUserPoolsTokenProvider: the default runtime's tokens, with
// setKeyValueStorage choosing where the runtime keeps them (e.g. sessionStorage or a cookie storage).
import type { AmplifyAuthConfig } from '../config/amplify-config.js';
import { markRuntimeBacked } from '../runtime/auth-runtime.js';
import type { AuthTokens, FetchAuthSessionOptions } from '../tokens/auth-session.js';
import type { KeyValueStorageInput } from './key-value-storage-input.js';
import { TokenOrchestrator } from './token-orchestrator.js';
import { refreshAuthTokens } from './token-refresher.js';
import { DefaultTokenStore, followDefaultRuntime } from './token-store.js';
import type { ClientMetadataProvider, CognitoUserPoolTokenProviderType } from './token-types.js';

/** aws-amplify v6's CognitoUserPoolsTokenProvider: every instance is a handle on the default runtime (configure()). */
export class CognitoUserPoolsTokenProvider implements CognitoUserPoolTokenProviderType {
  authTokenStore: DefaultTokenStore;
  tokenOrchestrator: TokenOrchestrator;

  constructor() {
    this.authTokenStore = followDefaultRuntime(new DefaultTokenStore());
    this.tokenOrchestrator = new TokenOrchestrator();
    this.tokenOrchestrator.setAuthTokenStore(this.authTokenStore);
    this.tokenOrchestrator.setTokenRefresher(refreshAuthTokens);
    markRuntimeBacked(this);
  }

  /** The session's tokens, refreshed when expired or forced (`{ forceRefresh: true }`); null when signed out or before configure(). */
  getTokens(options?: FetchAuthSessionOptions): Promise<AuthTokens | null> {
    return this.tokenOrchestrator.getTokens(options);
  }

  /**
   * Keeps the session in `keyValueStorage` from now on: a KeyValueStorage (createCookieStorage(),
   * createMemoryStorage(), …) or a Web Storage object (sessionStorage). Applies to the runtime
   * configure() made and to later configure() calls without a storage; stored items are not moved.
   */
  setKeyValueStorage(keyValueStorage: KeyValueStorageInput): void {
    this.authTokenStore.setKeyValueStorage(keyValueStorage);
  }

  /** auth-core's storages send no cross-tab events: nothing to tear down. */
  teardownNotify(): void {
    this.authTokenStore.teardownNotify();
  }

  /** Client metadata sent with token refreshes when getTokens is given none. */
  setClientMetadataProvider(clientMetadataProvider: ClientMetadataProvider): void {
    this.tokenOrchestrator.setClientMetadataProvider(clientMetadataProvider);
  }

  /** Reconfigures the default runtime with `authConfig` (`Auth` of ResourcesConfig), keeping its ports. */
  setAuthConfig(authConfig: AmplifyAuthConfig): void {
    this.authTokenStore.setAuthConfig(authConfig);
    this.tokenOrchestrator.setAuthConfig(authConfig);
  }
}

/** The user-pool token provider of the default runtime (aws-amplify v6's cognitoUserPoolsTokenProvider). */
export const cognitoUserPoolsTokenProvider: CognitoUserPoolsTokenProvider = /* @__PURE__ */ new CognitoUserPoolsTokenProvider();
