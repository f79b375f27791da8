// POST /oauth2/revoke (RFC 7009): revokes a refresh token and, with it, its sign-in (every access
// and id token of it, every generation of a rotating family), as RevokeToken does. Access and id
// tokens cannot be revoked one by one (unsupported_token_type); unknown tokens are answered 200.
import { sourceOfHttp } from '../../audit/operation-audit.js';
import { isServiceError } from '../../errors/catalogue.js';
import { defineEndpoint } from '../http/endpoint.js';
import { formParameters } from '../http/form.js';
import { NO_STORE, oauthError } from '../http/oauth-error.js';
import { authenticateClient } from '../token/client-authentication.js';

const REVOKE_PARAMETERS = { token: 16384, token_type_hint: 64, client_id: 128, client_secret: 256 } as const;

/** A JWT (access or id token) rather than an opaque refresh token. */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** POST /oauth2/revoke. */
export const revokeEndpoint = defineEndpoint('revoke')
  .step('parameters', (ctx) => formParameters(ctx.request, REVOKE_PARAMETERS))
  .step('authenticated', (ctx, s) => authenticateClient(ctx.steward, ctx.request, s.parameters))
  .step('token', (_ctx, s) => {
    if (s.parameters.token === undefined) throw oauthError('invalid_request', 'The token parameter is required.');
    return s.parameters.token;
  })
  .do('require revocation to be enabled', (_ctx, s) => {
    if (!s.authenticated.client.enableTokenRevocation) throw oauthError('unauthorized_client', 'Token revocation is not enabled for this client.');
  })
  .do('refuse access and id tokens', (_ctx, s) => {
    if (JWT.test(s.token)) throw oauthError('unsupported_token_type', 'Only refresh tokens can be revoked.');
  })
  .do('revoke the sign-in', async (ctx, s) => {
    try {
      await ctx.steward.tokens.revokeRefreshToken(s.authenticated.client, s.token, (tx, revoked) =>
        ctx.steward.audit.append(tx, {
          action: 'token.revoked',
          actor: { kind: 'user', sub: revoked.userSub, name: revoked.username },
          subject: { sub: revoked.userSub, name: revoked.username },
          source: sourceOfHttp(ctx.request),
          details: { clientId: s.authenticated.client.id, via: 'oauth2/revoke' },
        }),
      );
    } catch (error) {
      if (isServiceError(error, 'UnauthorizedException')) throw oauthError('unauthorized_client', 'The token was not issued to this client.');
      throw error;
    }
  })
  .respond((ctx) => ctx.reply.headers(NO_STORE).send());
