// grant_type=client_credentials: a confidential client allowed the flow gets an access token for
// itself, with custom (resource-server) scopes only: those asked for, or all it is allowed.
import type { ServerServices } from '../../../user-pool/operations/operation-context.js';
import { oauthError } from '../../http/oauth-error.js';
import { isCustomScope, parseScope, resourceServerScopes } from '../../scopes/scopes.js';
import type { AuthenticatedClient } from '../client-authentication.js';
import type { TokenParameters, TokenResponse } from './token-response.js';

/** Issues the client's access token; the token response or an OAuthError. */
export async function clientCredentialsGrant(services: ServerServices, { client, method }: AuthenticatedClient, p: TokenParameters): Promise<TokenResponse> {
  if (method === 'none') throw oauthError('unauthorized_client', 'Only clients with a secret may use client_credentials.');
  if (!client.allowedOAuthFlowsUserPoolClient || !client.allowedOAuthFlows.includes('client_credentials')) {
    throw oauthError('unauthorized_client', 'The client is not allowed the client_credentials flow.');
  }
  const defined = await resourceServerScopes(services.db, client.poolId);
  const allowed = client.allowedOAuthScopes.filter((s) => isCustomScope(s) && defined.has(s));
  const asked = parseScope(p.scope);
  const refused = asked.filter((s) => !allowed.includes(s));
  if (refused.length > 0) throw oauthError('invalid_scope', `The scope ${refused.join(' ')} is not allowed: client_credentials takes the client's resource-server scopes only.`);
  const scopes = asked.length > 0 ? asked : allowed;
  if (scopes.length === 0) throw oauthError('invalid_scope', 'The client is allowed no resource-server scopes.');
  const token = await services.tokens.issueForClient(client, scopes);
  return { access_token: token.AccessToken, token_type: 'Bearer', expires_in: token.ExpiresIn };
}
