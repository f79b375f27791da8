// CSRF protection of the hosted page's forms. The browser holds a random value in an HttpOnly,
// SameSite=Lax cookie (its "browser id"); every form carries a token derived from it with an HMAC
// under a server key. A POST is accepted only with both, matching, compared in constant time: a
// page on another site can neither read the cookie nor compute the token (and SameSite=Lax keeps
// the cookie off its cross-site POSTs anyway). The browser id also binds a sign-in in progress to
// the browser that started it (hosted_login_flows.browser_hash).
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie, setCookie } from '../hosted-session/browser-cookies.js';
import { html, stop, type PageContext } from './page-route.js';
import { errorPage } from './views/layout.js';
import { FORM_EXPIRED } from './views/messages.js';

/** The hidden field that carries the token. */
export const CSRF_FIELD = '_csrf';

const keys = new WeakMap<object, Buffer>();

function csrfKey(page: PageContext): Buffer {
  const config = page.steward.config;
  let key = keys.get(config);
  if (key === undefined) {
    key = Buffer.from(hkdfSync('sha256', config.codePepper, 'steward-hosted-login', 'csrf-token', 32));
    keys.set(config, key);
  }
  return key;
}

function tokenFor(page: PageContext, browserId: string): string {
  return createHmac('sha256', csrfKey(page)).update(browserId).digest('base64url');
}

/** SHA-256 of the browser id, as a sign-in in progress stores it. */
export function browserHash(browserId: string): string {
  return createHash('sha256').update(browserId).digest('base64url');
}

/** The browser this request comes from, and the token its forms carry. */
export interface Browser {
  readonly id: string;
  readonly csrfToken: string;
}

/** The browser's id (set as a cookie when it has none yet) and its forms' token: for pages that show a form. */
export function browserOf(page: PageContext): Browser {
  let id = readCookie(page.steward.config, page.request, 'csrf');
  if (id === undefined) {
    id = randomBytes(32).toString('base64url');
    setCookie(page.steward.config, page.reply, 'csrf', id);
  }
  return { id, csrfToken: tokenFor(page, id) };
}

/**
 * The browser of a POST whose token matches its cookie; otherwise the page ends with 403 and the
 * "page has expired" message (a way back to the sign-in form when the request names one).
 */
export function requireCsrf(page: PageContext, back: string | undefined): Browser {
  const id = readCookie(page.steward.config, page.request, 'csrf');
  const given = Buffer.from(page.form[CSRF_FIELD] ?? '');
  if (id !== undefined) {
    const expected = Buffer.from(tokenFor(page, id));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { id, csrfToken: expected.toString() };
  }
  throw stop(html(403, errorPage(FORM_EXPIRED.message, FORM_EXPIRED.detail ?? '', back === undefined ? undefined : { href: back, label: 'Back to sign in' })));
}
