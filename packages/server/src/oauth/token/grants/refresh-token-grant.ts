// grant_type=refresh_token: the same refresh as GetTokensFromRefreshToken (rotation, grace period,
// reuse detection: tokens/refresh-rotation.ts), for tokens from managed login and from the JSON API
// alike. A sign-in keeps its scopes; a new refresh_token comes back only when the client rotates.
import { isServiceError } from '../../../errors/catalogue.js';
import type { ServerServices } from '../../../user-pool/operations/operation-context.js';
import { oauthError } from '../../http/oauth-error.js';
import type { AuthenticatedClient } from '../client-authentication.js';
import { tokenResponse, type TokenParameters, type TokenResponse } from './token-response.js';

/** Refreshes; the token response or an OAuthError. */
export async function refreshTokenGrant(services: ServerServices, { client }: AuthenticatedClient, p: TokenParameters): Promise<TokenResponse> {
  if (p.refresh_token === undefined) throw oauthError('invalid_request', 'The refresh_token parameter is required.');
  try {
    const { tokens, scopes } = await services.tokens.refreshGrantWithScopes(client, p.refresh_token);
    return tokenResponse(tokens, scopes);
  } catch (error) {
    // Unknown, foreign, revoked, expired or reused tokens, and users gone or disabled.
    if (isServiceError(error, 'NotAuthorizedException') || isServiceError(error, 'RefreshTokenReuseException')) throw oauthError('invalid_grant', error.message);
    throw error;
  }
}
