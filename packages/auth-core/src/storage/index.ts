export type { KeyValueStorage } from './key-value-storage.js';
export { createMemoryStorage } from './memory-storage.js';
export { createLocalStorage, findLocalStorage } from './local-storage.js';
export type { WebStorageLike } from './local-storage.js';
export { AUTH_COOKIE_PREFIXES, createCookieStorage } from './cookie-storage.js';
export type { CookieStorageOptions } from './cookie-storage.js';
export { createDocumentCookies, createNoCookies, findDocument, parseCookieHeader, serializeCookie } from './cookies.js';
export type { CookieAttributes, CookieDocument, CookiePort, CookieWriteOptions } from './cookies.js';
