// Hosted logout, as Cognito's /logout: checks the app client and that logout_uri is exactly one of
// its configured sign-out URLs, then redirects there. Anything else gets an error page and no
// redirect, so the endpoint cannot be used as an open redirect. On the managed-login origin it also
// ends the browser's hosted session, and accepts Cognito's other form — client_id, redirect_uri
// (exactly one of the client's callback URLs), response_type (+ state, scope…) — which signs out
// and sends the browser to this origin's /login with that authorize query.
import type { FastifyInstance } from 'fastify';
import { endHostedSession } from '../oauth/hosted-session/hosted-session.js';
import type { ServerServices } from '../user-pool/operations/operation-context.js';
import { servesPool } from '../oauth/domains/domain-binding.js';
import { findClient, type ClientSource } from '../user-pool/pools/pool-repository.js';
import { hostedPage } from './hosted-page.js';

/** The authorize parameters /logout's redirect_uri form carries on to /login. */
const AUTHORIZE_PARAMETERS = ['client_id', 'response_type', 'redirect_uri', 'state', 'scope', 'nonce', 'code_challenge', 'code_challenge_method', 'lang', 'identity_provider'] as const;

/** The page shown when a logout request cannot be honoured. */
export function logoutErrorPage(title: string, detail: string): string {
  return hostedPage(title, detail, 'You may close this page. If you came from an application, return to it and sign in again.');
}

/**
 * Registers `GET /logout?client_id=&logout_uri=`. With `managedLogin` (the managed-login origin's
 * services) it also ends the hosted session and serves `GET /logout?client_id=&redirect_uri=&response_type=…`.
 */
export function registerLogoutRoutes(app: FastifyInstance, clients: ClientSource, managedLogin?: ServerServices): void {
  app.get('/logout', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const clientId = typeof query.client_id === 'string' ? query.client_id : undefined;
    const logoutUri = typeof query.logout_uri === 'string' ? query.logout_uri : undefined;
    const page = (title: string, detail: string) =>
      reply.status(400).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(logoutErrorPage(title, detail));

    if (clientId === undefined || clientId === '' || clientId.length > 128) return page('Missing or invalid client_id', 'The sign-out link does not name a valid application.');
    const client = await findClient(clients, clientId);
    if (client === undefined || !servesPool(request, client.poolId)) return page('Unknown application', 'The sign-out link names an application that does not exist.');
    const redirectUri = typeof query.redirect_uri === 'string' ? query.redirect_uri : undefined;
    if (managedLogin !== undefined && (logoutUri === undefined || logoutUri === '') && redirectUri !== undefined) {
      // Sign out, then sign in again: back to this origin's /login with the authorize query.
      if (!client.callbackUrls.includes(redirectUri)) return page('Redirect address not allowed', 'The address to return to is not one of the callback URLs configured for this application.');
      if (query.response_type !== 'code' && query.response_type !== 'token') return page('Missing or invalid response_type', 'The sign-out link must say how to sign in again (response_type code or token).');
      const again = new URLSearchParams();
      for (const name of AUTHORIZE_PARAMETERS) {
        const value = query[name];
        if (typeof value === 'string') again.set(name, value);
      }
      await endHostedSession(managedLogin, request, reply);
      return reply.header('cache-control', 'no-store').redirect(`/login?${again.toString()}`, 302);
    }
    if (logoutUri === undefined || logoutUri === '') return page('Missing logout_uri', 'The sign-out link does not say where to go after signing out.');
    if (!client.logoutUrls.includes(logoutUri)) {
      return page('Sign-out address not allowed', 'The address to return to after signing out is not one of the sign-out URLs configured for this application.');
    }
    // The app revokes its own tokens (RevokeToken / GlobalSignOut) before coming here; on the
    // managed-login origin the hosted session (its cookie) ends here.
    if (managedLogin !== undefined) await endHostedSession(managedLogin, request, reply);
    return reply.header('cache-control', 'no-store').redirect(logoutUri, 302);
  });
}
