// Discovery on the managed-login origin: `/.well-known/openid-configuration` (the default pool, as
// a Cognito domain serves its one pool) and per pool `/{poolId}/.well-known/openid-configuration`
// and `/{poolId}/.well-known/jwks.json`. The main origin answers the per-pool ones too
// (tokens/well-known-routes.ts) with the same document.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StewardHandle } from '../../app.js';
import { findDefaultPool, findPool } from '../../user-pool/pools/pool-repository.js';
import { domainPoolOf } from '../domains/domain-binding.js';
import { openIdConfiguration } from './openid-configuration.js';

const POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

/** Registers the discovery routes on the managed-login app. */
export function registerDiscoveryRoutes(app: FastifyInstance, steward: StewardHandle): void {
  const knownPool = async (poolId: string): Promise<boolean> => poolId.length <= 55 && POOL_ID.test(poolId) && (await findPool(steward.db, poolId)) !== undefined;
  const notFound = (reply: FastifyReply, poolId: string): FastifyReply => reply.status(404).send({ error: 'not_found', error_description: `User pool ${poolId} does not exist.` });
  const document = async (reply: FastifyReply, poolId: string): Promise<FastifyReply> => {
    const base = steward.managedLogin.publicUrl;
    const body = await openIdConfiguration(steward.db, poolId, { issuer: steward.tokens.issuer(poolId), jwksUri: `${base}/${poolId}/.well-known/jwks.json`, managedLoginUrl: base });
    return reply.header('cache-control', 'public, max-age=300').send(body);
  };

  app.get('/.well-known/openid-configuration', async (request, reply) => {
    // On a pool's domain, that pool's document; elsewhere the default pool's.
    const bound = domainPoolOf(request);
    if (bound !== undefined) return document(reply, bound);
    const pool = await findDefaultPool(steward.db);
    if (pool === undefined) return notFound(reply, '(default)');
    return document(reply, pool.userPoolId);
  });
  app.get('/:poolId/.well-known/openid-configuration', async (request, reply) => {
    const { poolId } = request.params as { poolId: string };
    return (await knownPool(poolId)) ? document(reply, poolId) : notFound(reply, poolId);
  });
  app.get('/:poolId/.well-known/jwks.json', async (request, reply) => {
    const { poolId } = request.params as { poolId: string };
    if (!(await knownPool(poolId))) return notFound(reply, poolId);
    return reply.header('cache-control', 'public, max-age=300').send(await steward.tokens.keys.jwks());
  });
}
