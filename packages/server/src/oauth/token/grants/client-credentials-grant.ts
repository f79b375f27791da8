// grant_type=client_credentials: a confidential client allowed the flow gets an access token for
// itself, with custom (resource-server) scopes only: those asked for, or all it is allowed.
// aws_client_metadata (a JSON object of strings) goes to PreTokenGeneration V3 as clientMetadata.
import type { ServerServices } from '../../../user-pool/operations/operation-context.js';
import { clientMetadataSchema } from '../../../user-pool/wire/input-schema.js';
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
  const clientMetadata = parseClientMetadata(p.aws_client_metadata);
  const token = await services.tokens.issueForClient(client, scopes, clientMetadata);
  return { access_token: token.AccessToken, token_type: 'Bearer', expires_in: token.ExpiresIn };
}

/** aws_client_metadata as a map (undefined when absent); invalid_request unless it is a JSON object of strings within ClientMetadata's limits. */
export function parseClientMetadata(value: string | undefined): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw oauthError('invalid_request', 'The aws_client_metadata parameter must be a JSON object of strings.');
  }
  const problems: string[] = [];
  const metadata = clientMetadataSchema.check(parsed, 'aws_client_metadata', problems);
  if (metadata === undefined || problems.length > 0) throw oauthError('invalid_request', 'The aws_client_metadata parameter must be a JSON object of strings (at most 100, each up to 2048 characters).');
  return metadata;
}
