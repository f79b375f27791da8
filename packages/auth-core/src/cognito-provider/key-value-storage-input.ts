// What setKeyValueStorage accepts: an async KeyValueStorage (aws-amplify's KeyValueStorageInterface,
// e.g. createCookieStorage()) or a synchronous Web Storage object such as window.sessionStorage.
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import type { WebStorageLike } from '../storage/local-storage.js';

/** A storage a token provider or store can be given: async (KeyValueStorage) or Web Storage (sessionStorage, localStorage). */
export type KeyValueStorageInput = KeyValueStorage | WebStorageLike;

/** An async KeyValueStorage over either kind: awaiting each call works whether it returns a value or a promise. */
export function toKeyValueStorage(storage: KeyValueStorageInput): KeyValueStorage {
  return {
    async setItem(key, value) {
      await storage.setItem(key, value);
    },
    async getItem(key) {
      return await storage.getItem(key);
    },
    async removeItem(key) {
      await storage.removeItem(key);
    },
    async clear() {
      await storage.clear();
    },
  };
}
