// The OAuth 2.0 / OpenID Connect endpoints of managed login: /oauth2/authorize, /oauth2/token,
// /oauth2/userInfo, /oauth2/revoke and the discovery document. Each endpoint is a short list of
// named steps (http/endpoint.ts) in its own folder.
import type { FastifyInstance } from 'fastify';
import type { StewardHandle } from '../../app.js';
import { authorizeEndpoint } from '../authorize/authorize-route.js';
import { registerDiscoveryRoutes } from '../discovery/discovery-routes.js';
import { revokeEndpoint } from '../revoke/revoke-route.js';
import { userInfoEndpoint } from '../userinfo/user-info-route.js';
import { tokenEndpoint } from './token-route.js';

/** Registers the OAuth endpoints on the managed-login app. */
export function registerOAuthRoutes(app: FastifyInstance, steward: StewardHandle): void {
  app.get('/oauth2/authorize', authorizeEndpoint);
  app.post('/oauth2/token', tokenEndpoint);
  app.get('/oauth2/userInfo', userInfoEndpoint);
  app.post('/oauth2/userInfo', userInfoEndpoint);
  app.post('/oauth2/revoke', revokeEndpoint);
  registerDiscoveryRoutes(app, steward);
}
