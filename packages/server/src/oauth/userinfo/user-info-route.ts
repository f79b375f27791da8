// GET/POST /oauth2/userInfo (OpenID Connect Core §5.3): the user's claims for a Bearer access token
// from managed login with the openid scope. Bad, expired or revoked tokens: 401 invalid_token;
// tokens without openid (the JSON API's, client_credentials'): 403 insufficient_scope.
import type { FastifyRequest } from 'fastify';
import { isServiceError } from '../../errors/catalogue.js';
import { findClient } from '../../user-pool/pools/pool-repository.js';
import { defineEndpoint } from '../http/endpoint.js';
import { BearerError, NO_STORE } from '../http/oauth-error.js';
import { userInfoClaims } from './user-info-claims.js';

/** The token of `Authorization: Bearer <token>` (RFC 6750 §2.1). */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined) throw new BearerError(undefined, 'An access token is required.');
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  if (match?.[1] === undefined) throw new BearerError('invalid_request', 'The Authorization header must be "Bearer <access token>".');
  return match[1];
}

/** GET and POST /oauth2/userInfo. */
export const userInfoEndpoint = defineEndpoint('userInfo')
  .step('token', (ctx) => bearerToken(ctx.request))
  .step('caller', async (ctx, s) => {
    try {
      return await ctx.steward.tokens.verifyAccessToken(s.token);
    } catch (error) {
      if (isServiceError(error, 'NotAuthorizedException')) throw new BearerError('invalid_token', error.message);
      throw error;
    }
  })
  .step('scopes', (_ctx, s) => {
    const scopes = s.caller.claims.scope.split(' ');
    if (!scopes.includes('openid')) throw new BearerError('insufficient_scope', 'The access token does not have the openid scope.');
    return scopes;
  })
  .step('client', async (ctx, s) => {
    const client = await findClient(ctx.steward, s.caller.claims.client_id);
    if (client === undefined) throw new BearerError('invalid_token', 'Access Token has been revoked');
    return client;
  })
  .respond((ctx, s) => ctx.reply.headers(NO_STORE).send(userInfoClaims(s.caller.user, s.client, s.scopes)));
