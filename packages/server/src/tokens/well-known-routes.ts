import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { findPool } from '../user-pool/pools/pool-repository.js';
import type { TokenService } from './token-service.js';

/** Registers `GET /{userPoolId}/.well-known/jwks.json` and `/.well-known/openid-configuration`. */
export function registerWellKnownRoutes(app: FastifyInstance, db: Database, tokens: TokenService, origin: (request: FastifyRequest) => string): void {
  const poolOr404 = async (poolId: string) => (poolId.length <= 55 && /^[\w-]+_[0-9a-zA-Z]+$/.test(poolId) ? findPool(db, poolId) : undefined);

  app.get('/:poolId/.well-known/jwks.json', async (request, reply) => {
    const { poolId } = request.params as { poolId: string };
    if ((await poolOr404(poolId)) === undefined) return reply.status(404).send({ message: `User pool ${poolId} does not exist.` });
    return reply.header('cache-control', 'public, max-age=300').send(await tokens.keys.jwks());
  });

  app.get('/:poolId/.well-known/openid-configuration', async (request, reply) => {
    const { poolId } = request.params as { poolId: string };
    if ((await poolOr404(poolId)) === undefined) return reply.status(404).send({ message: `User pool ${poolId} does not exist.` });
    const base = origin(request);
    return reply.header('cache-control', 'public, max-age=300').send({
      issuer: tokens.issuer(poolId),
      jwks_uri: `${base}/${poolId}/.well-known/jwks.json`,
      end_session_endpoint: `${base}/logout`,
      response_types_supported: ['code', 'token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
      token_endpoint_auth_methods_supported: ['none'],
      claims_supported: ['sub', 'aud', 'iss', 'exp', 'iat', 'auth_time', 'token_use', 'cognito:username', 'cognito:groups', 'email', 'email_verified', 'phone_number', 'phone_number_verified', 'given_name', 'family_name'],
    });
  });
}
