// The OAuth 2.0 error answers of the JSON endpoints (/oauth2/token, /oauth2/revoke: RFC 6749 §5.2,
// RFC 7009 §2.2.1) and of the protected resource (/oauth2/userInfo: RFC 6750 §3).
import type { FastifyReply } from 'fastify';
import { EndpointError } from './endpoint.js';

/** Error codes of the token and revocation endpoints. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'unsupported_token_type';

/** Headers every token-endpoint answer carries: tokens must not be cached (RFC 6749 §5.1). */
export const NO_STORE: Readonly<Record<string, string>> = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** `{ error, error_description }` with status 400, or 401 + WWW-Authenticate for a client that tried HTTP Basic. */
export class OAuthError extends EndpointError {
  override readonly name = 'OAuthError';
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly options: { readonly status?: number; readonly headers?: Readonly<Record<string, string>> } = {},
  ) {
    super(`${error}: ${description}`);
  }

  send(reply: FastifyReply): FastifyReply {
    return reply
      .status(this.options.status ?? 400)
      .headers({ ...NO_STORE, ...this.options.headers })
      .send({ error: this.error, error_description: this.description });
  }
}

/** An OAuth JSON error to throw from a step. */
export function oauthError(error: OAuthErrorCode, description: string): OAuthError {
  return new OAuthError(error, description);
}

/** A Bearer-token failure of a protected resource: 401 invalid_token / 400 invalid_request / 403 insufficient_scope. */
export class BearerError extends EndpointError {
  override readonly name = 'BearerError';
  constructor(
    /** Undefined: no credentials at all (the challenge then names no error, RFC 6750 §3.1). */
    readonly error: 'invalid_token' | 'invalid_request' | 'insufficient_scope' | undefined,
    readonly description: string,
  ) {
    super(`${error ?? 'no token'}: ${description}`);
  }

  send(reply: FastifyReply): FastifyReply {
    const status = this.error === 'insufficient_scope' ? 403 : this.error === 'invalid_request' ? 400 : 401;
    const quoted = (text: string): string => `"${text.replace(/["\\]/g, '')}"`;
    const challenge = this.error === undefined ? 'Bearer' : `Bearer error=${quoted(this.error)}, error_description=${quoted(this.description)}`;
    return reply
      .status(status)
      .headers({ ...NO_STORE, 'www-authenticate': challenge })
      .send({ error: this.error ?? 'invalid_token', error_description: this.description });
  }
}
