// The parameters of /oauth2/token and the JSON it answers with (RFC 6749 §5.1).
import type { AuthenticationResult } from '../../../tokens/token-service.js';

/** The parameters of /oauth2/token and their longest values. */
export const TOKEN_PARAMETERS = {
  grant_type: 64,
  code: 256,
  redirect_uri: 2048,
  code_verifier: 256,
  client_id: 128,
  client_secret: 256,
  refresh_token: 16384,
  scope: 4096,
  // client_credentials: URL-encoded JSON of strings for PreTokenGeneration V3 (Cognito's parameter).
  aws_client_metadata: 16384,
} as const;

/** The token request's parameters as read. */
export type TokenParameters = { readonly [P in keyof typeof TOKEN_PARAMETERS]?: string };

/** A successful token response. */
export interface TokenResponse {
  readonly access_token: string;
  readonly id_token?: string;
  readonly refresh_token?: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
}

/**
 * The response for tokens of a sign-in. `scopes`: the sign-in's OAuth scopes, null for one through
 * the JSON API (which always gets an id token); an OAuth sign-in gets one only with `openid`.
 */
export function tokenResponse(tokens: AuthenticationResult, scopes: readonly string[] | null): TokenResponse {
  const withIdToken = scopes === null || scopes.includes('openid');
  return {
    access_token: tokens.AccessToken,
    ...(withIdToken ? { id_token: tokens.IdToken } : {}),
    ...(tokens.RefreshToken !== undefined ? { refresh_token: tokens.RefreshToken } : {}),
    token_type: 'Bearer',
    expires_in: tokens.ExpiresIn,
  };
}
