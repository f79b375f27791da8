// The authorization-code exchange at the user-pool domain's /oauth2/token, through the runtime's fetch.
import type { AuthenticationResultType } from '../cognito/user-pool-operations.js';
import { NetworkError, OAuthSignInException } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { tokenEndpointUrl } from './authorize-url.js';

/** What the token endpoint needs to redeem a code (RFC 6749 section 4.1.3 plus RFC 7636's verifier). */
export interface CodeExchangeInput {
  code: string;
  redirectUri: string;
  /** Absent only when the flow was started without PKCE (not by auth-core). */
  codeVerifier: string | undefined;
}

/** An OAuth error body (RFC 6749 section 5.2). */
export interface OAuthErrorBody {
  error: string;
  error_description?: string;
}

function stringOf(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The OAuthSignInException for an OAuth error answer: its description, else its code, as the message. */
export function oauthErrorToException(body: OAuthErrorBody): OAuthSignInException {
  return new OAuthSignInException({ message: body.error_description ?? body.error, underlyingError: body });
}

/**
 * POSTs grant_type=authorization_code (client_id, code, redirect_uri, code_verifier) as
 * application/x-www-form-urlencoded and returns the tokens as a Cognito AuthenticationResult.
 * An OAuth error answer is OAuthSignInException; an unreachable endpoint or a body that is not JSON is NetworkError.
 */
export async function exchangeAuthorizationCode(runtime: Pick<AuthRuntime, 'config' | 'fetch'>, input: CodeExchangeInput): Promise<AuthenticationResultType> {
  const oauth = runtime.config.oauth;
  if (oauth === undefined) throw new OAuthSignInException({ message: 'oauth is not configured.' });
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: runtime.config.userPoolClientId,
    code: input.code,
    redirect_uri: input.redirectUri,
  });
  if (input.codeVerifier !== undefined) form.append('code_verifier', input.codeVerifier);

  let response: Response;
  let parsed: unknown;
  try {
    response = await runtime.fetch(tokenEndpointUrl(oauth.domain), {
      method: 'POST',
      // Only CORS-safelisted headers, so a browser sends the exchange without a preflight round trip.
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    });
    parsed = JSON.parse(await response.text());
  } catch (error) {
    throw new NetworkError({ message: 'Network Error: the token endpoint could not be reached or did not answer JSON', underlyingError: error });
  }
  const body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const error = stringOf(body, 'error');
  if (error !== undefined || !response.ok) {
    const description = stringOf(body, 'error_description');
    throw oauthErrorToException({ error: error ?? `HTTP ${response.status}`, ...(description === undefined ? {} : { error_description: description }) });
  }
  const accessToken = stringOf(body, 'access_token');
  if (accessToken === undefined) throw new OAuthSignInException({ message: 'The token endpoint answered without an access_token.' });
  const expiresIn = body.expires_in;
  return {
    AccessToken: accessToken,
    IdToken: stringOf(body, 'id_token'),
    RefreshToken: stringOf(body, 'refresh_token'),
    TokenType: stringOf(body, 'token_type'),
    ...(typeof expiresIn === 'number' ? { ExpiresIn: expiresIn } : {}),
  };
}
