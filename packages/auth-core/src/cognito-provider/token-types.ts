// aws-amplify v6's token-provider types (@aws-amplify/auth tokenProvider/types), over auth-core's
// AuthTokens and JWT, for the adapters of @steward/auth-core/cognito.
import type { TokenProvider } from '../api/provider-types.js';
import type { ClientMetadata } from '../cognito/user-pool-operations.js';
import type { AmplifyAuthConfig } from '../config/amplify-config.js';
import type { AuthTokens, FetchAuthSessionOptions } from '../tokens/auth-session.js';
import type { CognitoAuthSignInDetails, OAuthMetadata } from '../tokens/token-store.js';
import type { KeyValueStorageInput } from './key-value-storage-input.js';

/** A remembered device as Amplify's token store reads it (the keys may be missing). */
export interface TokenStoreDeviceMetadata {
  deviceKey?: string;
  deviceGroupKey?: string;
  randomPassword: string;
}

/** A session with what a token store keeps beside the tokens (aws-amplify v6's CognitoAuthTokens). */
export type CognitoAuthTokens = AuthTokens & {
  refreshToken?: string;
  deviceMetadata?: TokenStoreDeviceMetadata;
  clockDrift: number;
  username: string;
  signInDetails?: CognitoAuthSignInDetails;
};

/** Storage keys by item name (aws-amplify v6's AuthKeys). */
export type AuthKeys<AuthKey extends string> = Record<AuthKey, string>;

/** Supplies client metadata for token refreshes (aws-amplify v6's ClientMetadataProvider). */
export type ClientMetadataProvider = () => Promise<ClientMetadata>;

/** Exchanges a refresh token for fresh tokens without storing them (aws-amplify v6's TokenRefresher). */
export type TokenRefresher = (input: {
  tokens: CognitoAuthTokens;
  authConfig?: AmplifyAuthConfig;
  username: string;
  clientMetadata?: ClientMetadata;
}) => Promise<CognitoAuthTokens>;

/** Where sessions are kept (aws-amplify v6's AuthTokenStore). */
export interface AuthTokenStore {
  getLastAuthUser(): Promise<string>;
  loadTokens(): Promise<CognitoAuthTokens | null>;
  storeTokens(tokens: CognitoAuthTokens): Promise<void>;
  clearTokens(): Promise<void>;
  setKeyValueStorage(keyValueStorage: KeyValueStorageInput): void;
  getDeviceMetadata(username?: string): Promise<TokenStoreDeviceMetadata | null>;
  clearDeviceMetadata(username?: string): Promise<void>;
  setOAuthMetadata(metadata: OAuthMetadata): Promise<void>;
  getOAuthMetadata(): Promise<OAuthMetadata | null>;
}

/** Loads, refreshes and stores sessions (aws-amplify v6's AuthTokenOrchestrator). */
export interface AuthTokenOrchestrator {
  setTokenRefresher(tokenRefresher: TokenRefresher): void;
  setAuthTokenStore(tokenStore: AuthTokenStore): void;
  getTokens(options?: FetchAuthSessionOptions): Promise<AuthTokens | null>;
  setTokens(input: { tokens: CognitoAuthTokens }): Promise<void>;
  clearTokens(): Promise<void>;
  getDeviceMetadata(username?: string): Promise<TokenStoreDeviceMetadata | null>;
  clearDeviceMetadata(username?: string): Promise<void>;
  setOAuthMetadata(metadata: OAuthMetadata): Promise<void>;
  getOAuthMetadata(): Promise<OAuthMetadata | null>;
}

/** The user-pool token provider (aws-amplify v6's CognitoUserPoolTokenProviderType). */
export interface CognitoUserPoolTokenProviderType extends TokenProvider {
  setKeyValueStorage(keyValueStorage: KeyValueStorageInput): void;
  setAuthConfig(authConfig: AmplifyAuthConfig): void;
  setClientMetadataProvider(clientMetadataProvider: ClientMetadataProvider): void;
}
