// grant_type=authorization_code: a code from /oauth2/authorize, its redirect_uri and (PKCE) its
// code_verifier, for the client it was issued to. Every failure about the code is invalid_grant.
import type { ServerServices } from '../../../user-pool/operations/operation-context.js';
import { exchangeAuthorizationCode, REFUSAL_DESCRIPTION } from '../../codes/authorization-codes.js';
import { oauthError } from '../../http/oauth-error.js';
import type { AuthenticatedClient } from '../client-authentication.js';
import type { TokenParameters, TokenResponse } from './token-response.js';
import { tokenResponse } from './token-response.js';

/** Exchanges the code; the token response or an OAuthError. */
export async function authorizationCodeGrant(services: ServerServices, { client }: AuthenticatedClient, p: TokenParameters): Promise<TokenResponse> {
  if (!client.allowedOAuthFlowsUserPoolClient || !client.allowedOAuthFlows.includes('code')) throw oauthError('unauthorized_client', 'The client is not allowed the authorization code flow.');
  if (p.code === undefined) throw oauthError('invalid_request', 'The code parameter is required.');
  if (p.redirect_uri === undefined) throw oauthError('invalid_request', 'The redirect_uri parameter is required.');
  const result = await exchangeAuthorizationCode(services, client, p.code, { clientId: client.id, redirectUri: p.redirect_uri, codeVerifier: p.code_verifier });
  if (!result.ok) throw oauthError('invalid_grant', REFUSAL_DESCRIPTION[result.refusal]);
  return tokenResponse(result.tokens, result.scopes);
}
