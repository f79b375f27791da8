// aws-amplify v6's DefaultIdentityIdStore: a guest identity id kept in storage under
// com.amplify.Cognito.{identityPoolId}.identityId (the key auth-core's credentials use), a signed-in
// user's identity id in memory only.
import { parseAuthConfig } from '../config/auth-config.js';
import type { AmplifyAuthConfig } from '../config/amplify-config.js';
import { AuthConfigError } from '../errors/auth-errors.js';
import { InvalidIdentityPoolIdException } from '../errors/catalogue.js';
import { findAuthRuntime } from '../runtime/auth-runtime.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import { guestIdentityIdKey } from '../tokens/storage-keys.js';
import { toKeyValueStorage } from './key-value-storage-input.js';
import type { KeyValueStorageInput } from './key-value-storage-input.js';

/** An identity pool identity and whether it is a guest's (aws-amplify v6's Identity). */
export interface Identity {
  id: string;
  type: 'guest' | 'primary';
}

/** Where identity ids are kept (aws-amplify v6's IdentityIdStore). */
export interface IdentityIdStore {
  setAuthConfig(authConfig: AmplifyAuthConfig): void;
  loadIdentityId(): Promise<Identity | null>;
  storeIdentityId(identity: Identity): Promise<void>;
  clearIdentityId(): Promise<void>;
}

/** aws-amplify v6's DefaultIdentityIdStore over `keyValueStorage`; the identity pool is setAuthConfig's, else configure()'s. */
export class DefaultIdentityIdStore implements IdentityIdStore {
  keyValueStorage: KeyValueStorage;
  authConfig?: AmplifyAuthConfig;
  _primaryIdentityId: string | undefined;
  _hasGuestIdentityId = false;

  constructor(keyValueStorage: KeyValueStorageInput) {
    this.keyValueStorage = toKeyValueStorage(keyValueStorage);
  }

  /** Sets the identity pool (validated: AuthConfigError). */
  setAuthConfig(authConfig: AmplifyAuthConfig): void {
    parseAuthConfig({ Auth: authConfig });
    this.authConfig = authConfig;
  }

  private identityPoolId(): string | undefined {
    const identityPoolId = this.authConfig?.Cognito.identityPoolId ?? findAuthRuntime()?.config.identityPoolId;
    return identityPoolId === '' ? undefined : identityPoolId;
  }

  // Reading or writing an id needs the pool it belongs to (Amplify asserts the same).
  private key(): string {
    const identityPoolId = this.identityPoolId();
    if (identityPoolId === undefined) throw new AuthConfigError(InvalidIdentityPoolIdException);
    return guestIdentityIdKey(identityPoolId);
  }

  /** The signed-in user's identity id, else the stored guest one, else null. */
  async loadIdentityId(): Promise<Identity | null> {
    if (this._primaryIdentityId !== undefined) return { id: this._primaryIdentityId, type: 'primary' };
    const id = await this.keyValueStorage.getItem(this.key());
    if (id === null || id === '') return null;
    this._hasGuestIdentityId = true;
    return { id, type: 'guest' };
  }

  /** Keeps a guest id in storage, or a signed-in user's in memory (forgetting the stored guest id). */
  async storeIdentityId(identity: Identity): Promise<void> {
    const key = this.key();
    if (identity.type === 'guest') {
      await this.keyValueStorage.setItem(key, identity.id);
      this._primaryIdentityId = undefined;
      this._hasGuestIdentityId = true;
      return;
    }
    this._primaryIdentityId = identity.id;
    if (this._hasGuestIdentityId) {
      await this.keyValueStorage.removeItem(key);
      this._hasGuestIdentityId = false;
    }
  }

  /** Forgets both ids (nothing to forget without an identity pool). */
  async clearIdentityId(): Promise<void> {
    this._primaryIdentityId = undefined;
    const identityPoolId = this.identityPoolId();
    if (identityPoolId !== undefined) await this.keyValueStorage.removeItem(guestIdentityIdKey(identityPoolId));
  }
}
