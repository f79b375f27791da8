// GET /oauth2/authorize: check the request; with a live hosted session (and no prompt=login) answer
// at once; prompt=none without one is login_required; otherwise on to the hosted login page with
// the same query.
import type { FastifyReply } from 'fastify';
import { hostedPage } from '../../hosted/hosted-page.js';
import { defineEndpoint, EndpointError } from '../http/endpoint.js';
import { errorRedirect } from '../http/redirect.js';
import { domainPoolOf } from '../domains/domain-binding.js';
import { readHostedSession } from '../hosted-session/hosted-session.js';
import { authorizationResponse } from './authorization-response.js';
import { checkAuthorizeRequest, type AuthorizeRequest } from './authorize-request.js';

/** The HTML of an authorization error page (unknown client, unregistered redirect_uri…). */
export function authorizeErrorPage(title: string, detail: string): string {
  return hostedPage(title, detail, 'You may close this page. If you came from an application, return to it and try again, or tell its owner.');
}

/** Ends the request with an error page: the client or its redirect_uri cannot be trusted with a redirect. */
export class AuthorizePage extends EndpointError {
  override readonly name = 'AuthorizePage';
  constructor(readonly page: { readonly status: number; readonly title: string; readonly detail: string }) {
    super(page.title);
  }

  send(reply: FastifyReply): FastifyReply {
    return reply.status(this.page.status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(authorizeErrorPage(this.page.title, this.page.detail));
  }
}

/** Ends the request with a 302 (to the client's redirect_uri, or on to /login). */
export class AuthorizeRedirect extends EndpointError {
  override readonly name = 'AuthorizeRedirect';
  constructor(readonly location: string) {
    super('redirect');
  }

  send(reply: FastifyReply): FastifyReply {
    return reply.header('cache-control', 'no-store').redirect(this.location, 302);
  }
}

/** The checked request, or the page / redirect that ends it. */
export function requireAuthorizeRequest(check: Awaited<ReturnType<typeof checkAuthorizeRequest>>): AuthorizeRequest {
  if (check.ok) return check.request;
  throw 'page' in check ? new AuthorizePage(check.page) : new AuthorizeRedirect(check.redirect);
}

/** GET /oauth2/authorize. */
export const authorizeEndpoint = defineEndpoint('authorize', {
  onUnexpected: (reply) =>
    reply.status(500).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(authorizeErrorPage('Something went wrong', 'The sign-in could not be started.')),
})
  .step('request', async (ctx) => requireAuthorizeRequest(await checkAuthorizeRequest(ctx.steward, ctx.request.query, domainPoolOf(ctx.request))))
  .step('session', (ctx, s) => (s.request.prompts.includes('login') ? undefined : readHostedSession(ctx.steward, ctx.request, s.request.pool.id, s.request.client.id)))
  .step('location', async (ctx, s) => {
    if (s.session !== undefined) return authorizationResponse(ctx.steward, s.request, s.session);
    if (s.request.prompts.includes('none')) return errorRedirect(s.request.redirectUri, 'login_required', 'The user is not signed in.', s.request.state);
    const query = ctx.request.url.indexOf('?');
    return `/login${query < 0 ? '' : ctx.request.url.slice(query)}`;
  })
  .respond((ctx, s) => new AuthorizeRedirect(s.location).send(ctx.reply));
