// Every page of the hosted login carries the authorize query it was reached with (/login?<query>,
// /signup?<query>…) and checks it again with B's checkAuthorizeRequest, the one place that
// decides: an untrusted client or redirect_uri ends on an error page (never a redirect), a bad
// request from a trusted one goes back to its redirect_uri with the OAuth error.
import { checkAuthorizeRequest, type AuthorizeRequest } from '../authorize/authorize-request.js';
import { hostedLookFor } from '../../hosted/hosted-look.js';
import { domainPoolOf, domainVersionOf } from '../domains/domain-binding.js';
import { html, redirect, stop, type PageContext } from './page-route.js';
import { errorPage } from './views/layout.js';

/** The checked authorization request of `query`, with the client's look; ends the page otherwise. */
export async function authorizeOrStop(page: PageContext, query: unknown): Promise<AuthorizeRequest> {
  const check = await checkAuthorizeRequest(page.steward, query, domainPoolOf(page.request));
  if (check.ok) return { ...check.request, look: await hostedLookFor(page.steward.db, check.request.pool.id, check.request.client.id, check.request.lang, domainVersionOf(page.request)) };
  if ('page' in check) throw stop(html(check.page.status, errorPage(check.page.title, check.page.detail)));
  throw stop(redirect(check.redirect));
}

/** `path?<the authorize query>`: where a page of this sign-in lives. */
export function pathWithQuery(path: string, query: Readonly<Record<string, string>>): string {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}
