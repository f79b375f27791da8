// The OAuth 2.0 / OpenID Connect endpoints of managed login: /oauth2/authorize, /oauth2/token,
// /oauth2/userInfo, /oauth2/revoke and the discovery document.
import type { FastifyInstance } from 'fastify';
import type { StewardHandle } from '../../app.js';

/** Registers the OAuth endpoints on the managed-login app. */
export function registerOAuthRoutes(app: FastifyInstance, steward: StewardHandle): void {
  void app;
  void steward;
}
