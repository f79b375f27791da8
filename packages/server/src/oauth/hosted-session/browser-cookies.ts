// The cookies of the managed-login origin: HttpOnly, SameSite=Lax, Path=/, and Secure with the
// `__Host-` prefix whenever browsers reach the origin over https (MANAGED_LOGIN_TLS, or a TLS proxy
// named by MANAGED_LOGIN_PUBLIC_URL); only plain-http development goes without.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';

/** The cookies this origin sets. */
export type BrowserCookie = 'session' | 'csrf';

const BASE_NAMES: Readonly<Record<BrowserCookie, string>> = { session: 'steward-session', csrf: 'steward-csrf' };

/** Whether browsers reach managed login over https. */
export function cookiesAreSecure(config: Pick<Config, 'managedLoginTls' | 'managedLoginPublicUrl'>): boolean {
  return config.managedLoginTls || config.managedLoginPublicUrl.startsWith('https:');
}

/** The cookie's name: `__Host-` + name when Secure (a sibling host cannot plant or shadow it). */
export function cookieName(config: Pick<Config, 'managedLoginTls' | 'managedLoginPublicUrl'>, cookie: BrowserCookie): string {
  return cookiesAreSecure(config) ? `__Host-${BASE_NAMES[cookie]}` : BASE_NAMES[cookie];
}

/** The cookie's value in this request, if it has a plausible one (random base64url, 43 characters). */
export function readCookie(config: Pick<Config, 'managedLoginTls' | 'managedLoginPublicUrl'>, request: FastifyRequest, cookie: BrowserCookie): string | undefined {
  const value = request.cookies[cookieName(config, cookie)];
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

function options(config: Pick<Config, 'managedLoginTls' | 'managedLoginPublicUrl'>, maxAgeSeconds: number | undefined): CookieSerializeOptions {
  return { httpOnly: true, secure: cookiesAreSecure(config), sameSite: 'lax', path: '/', ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}) };
}

/** Sets the cookie (a session cookie of the browser when maxAgeSeconds is undefined). */
export function setCookie(config: Pick<Config, 'managedLoginTls' | 'managedLoginPublicUrl'>, reply: FastifyReply, cookie: BrowserCookie, value: string, maxAgeSeconds?: number): void {
  void reply.setCookie(cookieName(config, cookie), value, options(config, maxAgeSeconds));
}

/** Deletes the cookie. */
export function clearCookie(config: Pick<Config, 'managedLoginTls' | 'managedLoginPublicUrl'>, reply: FastifyReply, cookie: BrowserCookie): void {
  void reply.clearCookie(cookieName(config, cookie), options(config, undefined));
}
