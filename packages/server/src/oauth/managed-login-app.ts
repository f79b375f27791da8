// Managed login's own origin, like a Cognito user-pool domain: the OAuth 2.0 / OpenID Connect
// endpoints, the hosted login page and /logout, on a second Fastify server (HTTPS unless a TLS
// proxy sits in front). Keeping it apart from the web app's origin means the app's /login route
// and SPA fallback never shadow it, and its cookies never reach the app.
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { guardOwnListener } from '../user-pool/triggers/egress-guard.js';
import type { StewardHandle } from '../app.js';
import type { Config } from '../config/config.js';
import { registerBrandingRoutes } from '../hosted/branding-routes.js';
import { registerCustomizationRoutes } from '../hosted/customization-routes.js';
import { registerLogoutRoutes } from '../hosted/logout-routes.js';
import { registerRequestLogContext } from '../logging/request-log-context.js';
import { registerRequestIdHeader, serverLoggingOptions } from '../logging/server-logging.js';
import { registerRequestMetrics } from '../metrics/request-metrics.js';
import { registerDomainBinding } from './domains/domain-binding.js';
import { registerHostedLoginRoutes } from './login/login-routes.js';
import { managedLoginCertificate, type TlsMaterial } from './tls/managed-login-certificate.js';
import { registerOAuthRoutes } from './token/oauth-routes.js';

/** Options of buildManagedLoginApp. */
export interface ManagedLoginAppOptions {
  /** Where log lines go (default stdout). */
  readonly logStream?: { write(line: string): void };
  /** Use this certificate instead of the configured or development one (tests). */
  readonly tls?: TlsMaterial;
}

// Pages of this origin hold sign-in forms: no framing (clickjacking), no inline script, and no
// Referer carrying codes to other sites.
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

// Single-page apps on any origin exchange codes and refresh, revoke and read userInfo from the
// browser (PKCE makes that safe for public clients), as Cognito allows, and read the discovery
// document and keys; no credentials (cookies) are ever sent cross-origin, and the pages themselves
// are not shared.
const CORS_PATHS = /^\/(oauth2\/(token|revoke|userInfo)|([\w-]+\/)?\.well-known\/(openid-configuration|jwks\.json))(\?|$)/;

/** Builds the managed-login server (not listening), sharing the main app's services. */
export async function buildManagedLoginApp(config: Config, steward: StewardHandle, options: ManagedLoginAppOptions = {}): Promise<FastifyInstance> {
  const https = config.managedLoginTls ? { https: options.tls ?? (await managedLoginCertificate(config)) } : {};
  const app = Fastify({
    ...https,
    // Codes, tokens and passwords travel in bodies, the Authorization header and cookies: none is logged (src/logging/).
    ...serverLoggingOptions(config, 'managed-login', options.logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // As the app's: clients drop an idle connection before the server (or a drain) closes it.
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
  });
  // Trigger webhooks may never be this listener (SSRF guard, user-pool/triggers/egress-guard.ts).
  guardOwnListener(app.server);
  app.decorate('steward', steward);
  registerRequestIdHeader(app);
  registerRequestLogContext(app);
  registerRequestMetrics(app, steward.metrics, 'managed_login');
  await app.register(formbody);
  await app.register(cookie);
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin === undefined || !CORS_PATHS.test(request.url)) return;
    void reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'www-authenticate, x-request-id');
    if (request.method === 'OPTIONS') {
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type, x-amz-user-agent, cache-control')
        .header('access-control-max-age', '600')
        .send();
    }
  });

  registerDomainBinding(app, steward.db, config.managedLoginDomainSuffix, config.managedLoginPublicUrl);
  registerOAuthRoutes(app, steward);
  registerHostedLoginRoutes(app, steward);
  registerLogoutRoutes(app, steward, steward);
  registerCustomizationRoutes(app, steward.db);
  registerBrandingRoutes(app, steward.db);

  app.setNotFoundHandler(async (request, reply) => reply.status(404).send({ error: 'not_found', error_description: `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found` }));
  return app;
}
