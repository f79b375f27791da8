// What a request looks like in the log. Secrets can travel in query strings (the sign-up link's
// confirmation_code, OAuth-style code/token parameters), so their values are replaced before a URL
// is logged; headers are left to Fastify's `redact` list.

/** Query parameters whose values are never logged. */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'confirmation_code',
  'code',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'password',
  // Managed login: the client's CSRF state and nonce, PKCE verifiers and secrets sent where they do not belong.
  'state',
  'nonce',
  'code_verifier',
  'client_secret',
  'id_token_hint',
]);

/** The URL with the value of every secret query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parts = url.slice(query + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the raw name.
    }
    return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) ? `${rawName}=[redacted]` : pair;
  });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

/** The subset of a Fastify request the log serializer reads. */
interface LoggedRequest {
  readonly method: string;
  readonly url: string;
  readonly hostname?: string;
  readonly ip?: string;
}

/** Pino serializer for `req`: method, redacted URL, host and client address. */
export function serializeRequest(request: LoggedRequest): Record<string, string | undefined> {
  return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
}
