import { AuthConfigError } from '../errors/auth-errors.js';
import { InvalidAuthConfigException } from '../errors/catalogue.js';
import type { KeyValueStorage } from './key-value-storage.js';

/** The part of the Web Storage API the adapter uses. */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** The browser's localStorage when this environment has a usable one, else undefined. */
export function findLocalStorage(): WebStorageLike | undefined {
  try {
    const candidate = (globalThis as { localStorage?: WebStorageLike }).localStorage;
    // Safari private mode and sandboxed iframes expose localStorage but throw on use.
    if (candidate === undefined) return undefined;
    const probe = '__steward_auth_probe__';
    candidate.setItem(probe, probe);
    candidate.removeItem(probe);
    return candidate;
  } catch {
    return undefined;
  }
}

/** Storage backed by localStorage (or any Web Storage object, e.g. sessionStorage). */
export function createLocalStorage(webStorage: WebStorageLike | undefined = findLocalStorage()): KeyValueStorage {
  if (webStorage === undefined) {
    throw new AuthConfigError(InvalidAuthConfigException, { message: 'localStorage is not available in this environment.' });
  }
  return {
    async setItem(key, value) {
      webStorage.setItem(key, value);
    },
    async getItem(key) {
      return webStorage.getItem(key);
    },
    async removeItem(key) {
      webStorage.removeItem(key);
    },
    async clear() {
      webStorage.clear();
    },
  };
}
