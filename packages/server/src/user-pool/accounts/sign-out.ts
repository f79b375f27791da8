import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { assertClientSecret } from '../auth/sign-in/app-client-checks.js';
import { defineOperation } from '../operations/operation.js';
import { requireClient } from '../pools/pool-repository.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { accessTokenSchema, clientIdSchema, object, optional, string } from '../wire/input-schema.js';

/** GlobalSignOut: revokes every refresh token of the caller and, with them, every access token. */
export const globalSignOut = defineOperation('GlobalSignOut', object({ AccessToken: accessTokenSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('revoke all sign-ins of the user', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => ctx.tokens.revokeAllForUser(s.caller.user.sub, tx),
      (revoked) => operationEvent(ctx, 'sign_out.global', s.caller.user, { details: { signInsRevoked: revoked } }),
    ),
  )
  .respond(() => ({}));

/** RevokeToken: revokes a refresh token and the access tokens issued from it. */
export const revokeToken = defineOperation(
  'RevokeToken',
  object({ Token: string({ min: 1, max: 16384 }), ClientId: clientIdSchema, ClientSecret: optional(string({ max: 128 })) }),
)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .do('authenticate the client', (_ctx, i, s) => assertClientSecret(s.found.client, i.ClientSecret))
  .do('require revocation to be enabled', (_ctx, _i, s) => {
    if (!s.found.client.enableTokenRevocation) throw fail('UnsupportedOperationException', 'Token revocation is not enabled for this client.');
  })
  .do('refuse access and id tokens', (_ctx, i) => {
    if (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(i.Token)) throw fail('UnsupportedTokenTypeException', 'Only refresh tokens can be revoked.');
  })
  .do('revoke the sign-in', (ctx, i, s) =>
    ctx.tokens.revokeRefreshToken(s.found.client, i.Token, (tx, family) =>
      ctx.audit.append(tx, operationEvent(ctx, 'token.revoked', { sub: family.userSub, username: family.username }, { details: { clientId: s.found.client.id } })),
    ),
  )
  .respond(() => ({}));
