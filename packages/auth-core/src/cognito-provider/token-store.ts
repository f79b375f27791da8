// aws-amplify v6's DefaultTokenStore over auth-core's token store (src/tokens/token-store.ts) and device
// store: the same key scheme, so either library reads what the other wrote. The token provider's own
// store follows the default runtime (configure()); a store an app creates keeps its own storage.
import { parseAuthConfig } from '../config/auth-config.js';
import type { AuthConfig } from '../config/auth-config.js';
import type { AmplifyAuthConfig } from '../config/amplify-config.js';
import { clearDeviceMetadata, getDeviceMetadata, storeDeviceMetadata } from '../devices/device-store.js';
import { AuthConfigError } from '../errors/auth-errors.js';
import { AuthUserPoolException } from '../errors/catalogue.js';
import { configure, findAuthRuntime, setDefaultKeyValueStorage } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import { clearTokens, getLastAuthUser, getOAuthMetadata, loadTokens, setOAuthMetadata, storeTokens } from '../tokens/token-store.js';
import type { OAuthMetadata } from '../tokens/token-store.js';
import { toKeyValueStorage } from './key-value-storage-input.js';
import type { KeyValueStorageInput } from './key-value-storage-input.js';
import type { AuthKeys, AuthTokenStore, CognitoAuthTokens, TokenStoreDeviceMetadata } from './token-types.js';

/** The per-user item names of aws-amplify v6's token store (AuthTokenStorageKeys), in its order. */
const AUTH_TOKEN_STORAGE_KEYS = [
  'accessToken',
  'idToken',
  'oidcProvider',
  'clockDrift',
  'refreshToken',
  'deviceKey',
  'randomPasswordKey',
  'deviceGroupKey',
  'signInDetails',
  'oauthMetadata',
] as const;

/** One per-user item name of the token store. */
export type AuthTokenStorageKey = (typeof AUTH_TOKEN_STORAGE_KEYS)[number];

/** aws-amplify v6's createKeysForAuthStorage: `{provider}.{identifier}.{item}` for every token-store item (identifier is `{clientId}.{username}`). */
export function createKeysForAuthStorage(provider: string, identifier: string): AuthKeys<AuthTokenStorageKey> {
  const keys = {} as AuthKeys<AuthTokenStorageKey>;
  for (const item of AUTH_TOKEN_STORAGE_KEYS) keys[item] = `${provider}.${identifier}.${item}`;
  return keys;
}

type StoreRuntime = Pick<AuthRuntime, 'config' | 'storage' | 'cookies' | 'clock'>;

// Stores that follow the default runtime: the token provider's, whose storage is the runtime's.
const followers = /* @__PURE__ */ new WeakSet<object>();

/** Makes `store` follow the default runtime (storage, configuration, cookies): the token provider's store. */
export function followDefaultRuntime<T extends DefaultTokenStore>(store: T): T {
  followers.add(store);
  return store;
}

/** True for a store that follows the default runtime, whose sessions the runtime itself can load and refresh. */
export function followsDefaultRuntime(store: unknown): boolean {
  return typeof store === 'object' && store !== null && followers.has(store);
}

function defaultRuntime(): AuthRuntime {
  const runtime = findAuthRuntime();
  if (runtime === undefined) throw new AuthConfigError(AuthUserPoolException);
  return runtime;
}

/** aws-amplify v6's DefaultTokenStore: loads, stores and clears sessions under Cognito's key scheme. */
export class DefaultTokenStore implements AuthTokenStore {
  private ownStorage: KeyValueStorage | undefined;
  private ownConfig: AuthConfig | undefined;

  /** The storage in use: the store's own, else the default runtime's (always the runtime's for the token provider's store). */
  get keyValueStorage(): KeyValueStorage | undefined {
    return (followsDefaultRuntime(this) ? undefined : this.ownStorage) ?? findAuthRuntime()?.storage;
  }

  set keyValueStorage(storage: KeyValueStorageInput | undefined) {
    if (storage !== undefined) this.setKeyValueStorage(storage);
  }

  /** The storage in use; AuthUserPoolException when there is none (no own storage and no configure()). */
  getKeyValueStorage(): KeyValueStorage {
    return this.keyValueStorage ?? defaultRuntime().storage;
  }

  /** Sets where sessions are kept; for the token provider's store this moves the default runtime's storage. */
  setKeyValueStorage(keyValueStorage: KeyValueStorageInput): void {
    const storage = toKeyValueStorage(keyValueStorage);
    if (followsDefaultRuntime(this)) setDefaultKeyValueStorage(storage);
    else this.ownStorage = storage;
  }

  /** Sets the pool the keys belong to (validated: AuthConfigError); for the token provider's store this reconfigures the default runtime, keeping its ports. */
  setAuthConfig(authConfig: AmplifyAuthConfig): void {
    if (followsDefaultRuntime(this)) configure({ Auth: authConfig }, findAuthRuntime() ?? {});
    else this.ownConfig = parseAuthConfig({ Auth: authConfig });
  }

  /** Cross-tab notification is not implemented by auth-core's storages: nothing to set up. */
  setupNotify(): void {}

  /** Nothing to tear down (see setupNotify). */
  teardownNotify(): void {}

  private runtime(): StoreRuntime {
    if (followsDefaultRuntime(this)) return defaultRuntime();
    const runtime = findAuthRuntime();
    const config = this.ownConfig ?? runtime?.config;
    if (config === undefined) throw new AuthConfigError(AuthUserPoolException);
    // Token cookies belong to the runtime's own session; a standalone store writes none.
    return { config, storage: this.getKeyValueStorage(), cookies: createNoCookies(), clock: runtime?.clock ?? { now: () => Date.now() } };
  }

  /** The stored session of the last signed-in user with its device, or null. */
  async loadTokens(): Promise<CognitoAuthTokens | null> {
    const runtime = this.runtime();
    const stored = await loadTokens(runtime);
    if (stored === null) return null;
    const tokens: CognitoAuthTokens = { accessToken: stored.accessToken, clockDrift: stored.clockDrift, username: stored.username };
    if (stored.idToken !== undefined) tokens.idToken = stored.idToken;
    if (stored.refreshToken !== undefined) tokens.refreshToken = stored.refreshToken;
    if (stored.signInDetails !== undefined) tokens.signInDetails = stored.signInDetails;
    const device = await getDeviceMetadata(runtime, stored.username);
    if (device !== null) tokens.deviceMetadata = device;
    return tokens;
  }

  /** Stores a session (and its device when all three device items are given) as auth-core's sign-in does. */
  async storeTokens(tokens: CognitoAuthTokens): Promise<void> {
    const runtime = this.runtime();
    await storeTokens(runtime, {
      username: tokens.username,
      accessToken: tokens.accessToken.toString(),
      idToken: tokens.idToken?.toString(),
      refreshToken: tokens.refreshToken,
      clockDrift: tokens.clockDrift,
      signInDetails: tokens.signInDetails,
    });
    const { deviceKey, deviceGroupKey, randomPassword } = tokens.deviceMetadata ?? {};
    if (deviceKey && deviceGroupKey && randomPassword) await storeDeviceMetadata(runtime, tokens.username, { deviceKey, deviceGroupKey, randomPassword });
  }

  /** Removes the session (the device stays remembered). */
  async clearTokens(): Promise<void> {
    await clearTokens(this.runtime());
  }

  /** The remembered device of `username` (default: the last signed-in user), or null. */
  async getDeviceMetadata(username?: string): Promise<TokenStoreDeviceMetadata | null> {
    return getDeviceMetadata(this.runtime(), username);
  }

  /** Forgets the remembered device of `username` (default: the last signed-in user). */
  async clearDeviceMetadata(username?: string): Promise<void> {
    await clearDeviceMetadata(this.runtime(), username);
  }

  /** The last signed-in username; 'username' when there is none, as aws-amplify answers. */
  async getLastAuthUser(): Promise<string> {
    return (await getLastAuthUser(this.runtime())) ?? 'username';
  }

  /** Records whether the session came from managed login (signOut then goes through /logout). */
  async setOAuthMetadata(metadata: OAuthMetadata): Promise<void> {
    await setOAuthMetadata(this.runtime(), metadata);
  }

  /** The session's OAuth metadata, or null. */
  async getOAuthMetadata(): Promise<OAuthMetadata | null> {
    return getOAuthMetadata(this.runtime());
  }
}
