import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import type { StewardHandle } from '../app.js';
import { findClient, findDefaultPool } from '../user-pool/pools/pool-repository.js';

/** The shape of `GET /runtime-config.json` (architecture section 3). */
export interface RuntimeConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly userPoolEndpoint: string;
  readonly identityPoolId: string;
  readonly identityPoolEndpoint: string;
  readonly graphqlEndpoint: string;
  /** Managed login: domain is the host (and port) of its https origin, as aws-amplify expects. */
  readonly oauth: { readonly domain: string; readonly redirectSignIn: readonly string[]; readonly redirectSignOut: readonly string[] };
  /** How sign-up is confirmed: a typed code, or an emailed link the app waits for (SIGN_UP_VERIFICATION). */
  readonly signUpVerificationMethod: 'code' | 'link';
}

/** The OAuth domain apps are given: the bare host of an https origin (aws-amplify adds https://), else the whole origin. */
export function oauthDomain(managedLoginUrl: string): string {
  const url = new URL(managedLoginUrl);
  return url.protocol === 'https:' ? url.host : url.origin;
}

/** Registers `GET /runtime-config.json`: everything the web app and auth-core need, as absolute same-origin URLs. */
export function registerRuntimeConfigRoutes(app: FastifyInstance, config: Config, steward: Pick<StewardHandle, 'db' | 'secrets' | 'managedLogin'>, origin: (request: FastifyRequest) => string): void {
  app.get('/runtime-config.json', async (request, reply) => {
    const ids = await findDefaultPool(steward.db);
    if (ids === undefined) return reply.status(503).send({ message: 'The user pool has not been created yet.' });
    const client = await findClient(steward, ids.clientId);
    const base = origin(request);
    const body: RuntimeConfig = {
      region: config.region,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.clientId,
      userPoolEndpoint: `${base}/`,
      identityPoolId: ids.identityPoolId,
      identityPoolEndpoint: `${base}/`,
      graphqlEndpoint: `${base}/graphql`,
      oauth: { domain: config.managedLogin ? oauthDomain(steward.managedLogin.publicUrl) : new URL(base).host, redirectSignIn: client?.callbackUrls ?? [], redirectSignOut: client?.logoutUrls ?? [] },
      signUpVerificationMethod: config.signUpVerification,
    };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
