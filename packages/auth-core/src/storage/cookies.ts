/** When a cookie should expire; neither means a session cookie. */
export interface CookieWriteOptions {
  /** Lifetime in seconds from now (Max-Age). */
  maxAgeSeconds?: number;
  expires?: Date;
}

/** The cookie port: auth-core writes and removes the id and access token cookies through it. */
export interface CookiePort {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieWriteOptions): void;
  remove(name: string): void;
}

/** The part of `document` the cookie adapters use. */
export interface CookieDocument {
  cookie: string;
}

/** Attributes written with every cookie. */
export interface CookieAttributes {
  path?: string;
  domain?: string;
  secure?: boolean;
  sameSite?: 'strict' | 'lax' | 'none';
}

/** The global `document` when there is one (browsers), else undefined (Node, workers). */
export function findDocument(): CookieDocument | undefined {
  const candidate = (globalThis as { document?: CookieDocument }).document;
  return candidate !== undefined && typeof candidate.cookie === 'string' ? candidate : undefined;
}

/** Parses a `document.cookie` string into name/value pairs (URI-decoded). */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = safeDecode(part.slice(0, eq).trim());
    if (name === '' || cookies.has(name)) continue;
    cookies.set(name, safeDecode(part.slice(eq + 1).trim()));
  }
  return cookies;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Serialises one Set-Cookie style assignment for `document.cookie`. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes, options: CookieWriteOptions = {}): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.domain !== undefined) parts.push(`Domain=${attributes.domain}`);
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.expires !== undefined) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (attributes.secure ?? true) parts.push('Secure');
  const sameSite = attributes.sameSite ?? 'strict';
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  return parts.join('; ');
}

/**
 * Cookies through `document.cookie`, written with Secure; SameSite=Strict; Path=/ by default.
 * Where there is no document (Node, workers) every call is a no-op.
 */
export function createDocumentCookies(doc: CookieDocument | undefined = findDocument(), attributes: CookieAttributes = {}): CookiePort {
  if (doc === undefined) return createNoCookies();
  return {
    get(name) {
      return parseCookieHeader(doc.cookie).get(name);
    },
    set(name, value, options) {
      doc.cookie = serializeCookie(name, value, attributes, options);
    },
    remove(name) {
      doc.cookie = serializeCookie(name, '', attributes, { maxAgeSeconds: 0, expires: new Date(0) });
    },
  };
}

/** A cookie port that stores nothing (server-side runtimes, tests). */
export function createNoCookies(): CookiePort {
  return {
    get: () => undefined,
    set: () => undefined,
    remove: () => undefined,
  };
}
