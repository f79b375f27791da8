import { createDocumentCookies, findDocument, parseCookieHeader } from './cookies.js';
import type { CookieAttributes, CookieDocument } from './cookies.js';
import type { KeyValueStorage } from './key-value-storage.js';

/** Name prefixes of the items auth-core stores (Cognito's key scheme); clear() removes only these. */
export const AUTH_COOKIE_PREFIXES = ['CognitoIdentityServiceProvider.', 'com.amplify.Cognito.'] as const;

/** Options of the cookie-backed storage. */
export interface CookieStorageOptions extends CookieAttributes {
  /** Days until each cookie expires; default 365. */
  expiresInDays?: number;
  /** The document whose cookies are used; default the global document. */
  document?: CookieDocument;
}

/**
 * Storage kept in cookies (Secure, SameSite=Strict by default), so a server rendering pages can
 * read the session; each item is one cookie, so keep values small.
 */
export function createCookieStorage(options: CookieStorageOptions = {}): KeyValueStorage {
  const doc = options.document ?? findDocument();
  const cookies = createDocumentCookies(doc, options);
  const maxAgeSeconds = (options.expiresInDays ?? 365) * 24 * 60 * 60;
  return {
    async setItem(key, value) {
      cookies.set(key, value, { maxAgeSeconds });
    },
    async getItem(key) {
      return cookies.get(key) ?? null;
    },
    async removeItem(key) {
      cookies.remove(key);
    },
    async clear() {
      if (doc === undefined) return;
      // Only auth-core's own items: other cookies of the site are not ours to delete.
      for (const name of parseCookieHeader(doc.cookie).keys()) {
        if (AUTH_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix))) cookies.remove(name);
      }
    },
  };
}
