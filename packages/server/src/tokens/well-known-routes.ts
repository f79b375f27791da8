import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { findPool } from '../user-pool/pools/pool-repository.js';
import { openIdConfiguration } from '../oauth/discovery/openid-configuration.js';
import type { TokenService } from './token-service.js';

/**
 * Registers `GET /{userPoolId}/.well-known/jwks.json` and `/.well-known/openid-configuration`.
 * `managedLoginUrl`: the origin of the OAuth endpoints the document lists (undefined: managed login is off).
 */
export function registerWellKnownRoutes(
  app: FastifyInstance,
  db: Database,
  tokens: TokenService,
  origin: (request: FastifyRequest) => string,
  managedLoginUrl: () => string | undefined = () => undefined,
): void {
  const poolOr404 = async (poolId: string) => (poolId.length <= 55 && /^[\w-]+_[0-9a-zA-Z]+$/.test(poolId) ? findPool(db, poolId) : undefined);

  app.get('/:poolId/.well-known/jwks.json', async (request, reply) => {
    const { poolId } = request.params as { poolId: string };
    if ((await poolOr404(poolId)) === undefined) return reply.status(404).send({ message: `User pool ${poolId} does not exist.` });
    return reply.header('cache-control', 'public, max-age=300').send(await tokens.keys.jwks());
  });

  app.get('/:poolId/.well-known/openid-configuration', async (request, reply) => {
    const { poolId } = request.params as { poolId: string };
    if ((await poolOr404(poolId)) === undefined) return reply.status(404).send({ message: `User pool ${poolId} does not exist.` });
    // The same document as the managed-login origin's, with this origin's JWKS.
    const body = await openIdConfiguration(db, poolId, { issuer: tokens.issuer(poolId), jwksUri: `${origin(request)}/${poolId}/.well-known/jwks.json`, managedLoginUrl: managedLoginUrl() });
    return reply.header('cache-control', 'public, max-age=300').send(body);
  });
}
