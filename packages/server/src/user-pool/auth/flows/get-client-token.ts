// GetClientToken: machine-to-machine authorization through the JSON API, the same grant as
// /oauth2/token's client_credentials. The app client proves itself with one of its active secrets
// and must allow ALLOW_CLIENT_TOKEN_AUTH (which it then allows alone); the access token carries the
// resource-server scopes asked for, or every one the client is allowed, and no user.
import { fail } from '../../../errors/catalogue.js';
import { isCustomScope, resourceServerScopes } from '../../../oauth/scopes/scopes.js';
import { defineOperation } from '../../operations/operation.js';
import { requireClient } from '../../pools/pool-repository.js';
import { array, clientIdSchema, clientMetadataSchema, object, optional, string } from '../../wire/input-schema.js';
import { isActiveSecret } from '../sign-in/app-client-checks.js';

/** GetClientToken (public: the client's secret is its credential). ClientMetadata goes to PreTokenGeneration V3_0, the only trigger it runs. */
export const getClientToken = defineOperation(
  'GetClientToken',
  object({
    ClientId: clientIdSchema,
    Secret: string({ min: 1, max: 64, pattern: /^[\w+]+$/ }),
    Scopes: optional(array(string({ min: 1, max: 256, pattern: /^[\x21\x23-\x5B\x5D-\x7E]+$/ }), { max: 50 })),
    ClientMetadata: optional(clientMetadataSchema),
  }),
)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .do('authenticate the client', (_ctx, i, s) => {
    // One answer for a public client and a wrong secret: neither says which secrets exist.
    if (!isActiveSecret(s.found.client, i.Secret)) throw fail('NotAuthorizedException', `Unable to verify secret for client ${s.found.client.id}`);
  })
  .do('require the client token flow', (_ctx, _i, s) => {
    if (!s.found.client.explicitAuthFlows.includes('ALLOW_CLIENT_TOKEN_AUTH')) throw fail('NotAuthorizedException', 'ALLOW_CLIENT_TOKEN_AUTH flow not enabled for this client');
  })
  .step('scopes', async (ctx, i, s) => {
    const defined = await resourceServerScopes(ctx.db, s.found.client.poolId);
    const allowed = s.found.client.allowedOAuthScopes.filter((scope) => isCustomScope(scope) && defined.has(scope));
    const asked = [...new Set(i.Scopes ?? [])];
    const refused = asked.filter((scope) => !allowed.includes(scope));
    if (refused.length > 0) throw fail('InvalidParameterException', `Invalid scope requested: ${refused.join(', ')} (the client's resource-server scopes only).`);
    const scopes = asked.length > 0 ? asked : allowed;
    if (scopes.length === 0) throw fail('InvalidParameterException', 'The client is allowed no resource-server scopes (AllowedOAuthScopes).');
    return scopes;
  })
  .step('token', (ctx, i, s) => ctx.tokens.issueForClient(s.found.client, s.scopes, i.ClientMetadata))
  .respond((_ctx, _i, s) => ({ ClientAuthenticationResult: { AccessToken: s.token.AccessToken, ExpiresIn: s.token.ExpiresIn, TokenType: s.token.TokenType } }));
