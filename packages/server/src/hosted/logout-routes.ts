// Hosted logout, as Cognito's /logout: checks the app client and that logout_uri is exactly one of
// its configured sign-out URLs, then redirects there. Anything else gets an error page and no
// redirect, so the endpoint cannot be used as an open redirect.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { findClient } from '../user-pool/pools/pool-repository.js';
import { hostedPage } from './hosted-page.js';

/** The page shown when a logout request cannot be honoured. */
export function logoutErrorPage(title: string, detail: string): string {
  return hostedPage(title, detail, 'You may close this page. If you came from an application, return to it and sign in again.');
}

/** Registers `GET /logout?client_id=&logout_uri=`. */
export function registerLogoutRoutes(app: FastifyInstance, db: Database): void {
  app.get('/logout', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const clientId = typeof query.client_id === 'string' ? query.client_id : undefined;
    const logoutUri = typeof query.logout_uri === 'string' ? query.logout_uri : undefined;
    const page = (title: string, detail: string) =>
      reply.status(400).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(logoutErrorPage(title, detail));

    if (clientId === undefined || clientId === '' || clientId.length > 128) return page('Missing or invalid client_id', 'The sign-out link does not name a valid application.');
    const client = await findClient(db, clientId);
    if (client === undefined) return page('Unknown application', 'The sign-out link names an application that does not exist.');
    if (logoutUri === undefined || logoutUri === '') return page('Missing logout_uri', 'The sign-out link does not say where to go after signing out.');
    if (!client.logoutUrls.includes(logoutUri)) {
      return page('Sign-out address not allowed', 'The address to return to after signing out is not one of the sign-out URLs configured for this application.');
    }
    // There is no hosted sign-in cookie to clear: sessions live in the app's tokens, which the app
    // revokes (RevokeToken / GlobalSignOut) before coming here.
    return reply.header('cache-control', 'no-store').redirect(logoutUri, 302);
  });
}
