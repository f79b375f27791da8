// aws-amplify v6's cognitoCredentialsProvider over auth-core's identity-pool credentials
// (src/identity-pool/credentials.ts: GetId, GetCredentialsForIdentity, a 50-minute cache per runtime)
// on the default runtime.
import type { GetCredentialsOptions } from '../api/provider-types.js';
import { clearCredentials, getCredentialsAndIdentityId } from '../identity-pool/credentials.js';
import type { CredentialsAndIdentityId } from '../identity-pool/credentials.js';
import { findAuthRuntime, markRuntimeBacked } from '../runtime/auth-runtime.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import { DefaultIdentityIdStore } from './identity-id-store.js';
import type { IdentityIdStore } from './identity-id-store.js';

/**
 * aws-amplify v6's CognitoAWSCredentialsAndIdentityIdProvider: identity-pool credentials of the default
 * runtime, its identity ids recorded in `identityIdStore`. It fits CredentialsAndIdentityIdProvider
 * structurally; not declared with `implements` because, as in Amplify, its clear method returns a
 * promise where the interface expects nothing.
 */
export class CognitoAWSCredentialsAndIdentityIdProvider {
  private readonly _identityIdStore: IdentityIdStore;

  constructor(identityIdStore: IdentityIdStore) {
    this._identityIdStore = identityIdStore;
    markRuntimeBacked(this);
  }

  /** Forgets cached credentials and the identity ids. */
  async clearCredentialsAndIdentityId(): Promise<void> {
    await this.clearCredentials();
    await this._identityIdStore.clearIdentityId();
  }

  /** Forgets cached credentials (the next call fetches new ones). */
  async clearCredentials(): Promise<void> {
    const runtime = findAuthRuntime();
    if (runtime !== undefined) clearCredentials(runtime);
  }

  /**
   * Credentials for the signed-in user (from `tokens.idToken`) or a guest (only with allowGuestAccess);
   * undefined without an identity pool, as Amplify. The pool is configure()'s.
   */
  async getCredentialsAndIdentityId(options: GetCredentialsOptions): Promise<CredentialsAndIdentityId | undefined> {
    const runtime = findAuthRuntime();
    if (runtime === undefined) return undefined;
    const idToken = options.authenticated ? options.tokens.idToken : undefined;
    const result = await getCredentialsAndIdentityId(runtime, { idToken, forceRefresh: options.forceRefresh });
    if (result !== undefined) await this._identityIdStore.storeIdentityId({ id: result.identityId, type: idToken === undefined ? 'guest' : 'primary' });
    return result;
  }
}

// The identity-id store's storage: whatever storage the default runtime has at the time of each call.
const defaultRuntimeStorage: KeyValueStorage = {
  async setItem(key, value) {
    await findAuthRuntime()?.storage.setItem(key, value);
  },
  async getItem(key) {
    return (await findAuthRuntime()?.storage.getItem(key)) ?? null;
  },
  async removeItem(key) {
    await findAuthRuntime()?.storage.removeItem(key);
  },
  async clear() {
    await findAuthRuntime()?.storage.clear();
  },
};

/** The default runtime's credentials provider (aws-amplify v6's cognitoCredentialsProvider). */
export const cognitoCredentialsProvider: CognitoAWSCredentialsAndIdentityIdProvider = /* @__PURE__ */ new CognitoAWSCredentialsAndIdentityIdProvider(
  /* @__PURE__ */ new DefaultIdentityIdStore(defaultRuntimeStorage),
);
