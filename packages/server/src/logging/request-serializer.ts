// What a request looks like in the log. Secrets can travel in query strings (the sign-up link's
// confirmation_code, OAuth-style code/token parameters) and in a few paths (the opt-out link's
// token), so they are replaced before a URL is logged; headers and bodies are never logged.

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
  // A user import job's upload URL (src/user-pool/imports/upload-url.ts): whoever has it may upload.
  'signature',
]);

/** Paths whose next segment is a secret (a signed link token). */
const SECRET_PATH_PREFIXES: readonly string[] = ['/opt-out/'];

function redactPath(path: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) if (path.startsWith(prefix) && path.length > prefix.length) return `${prefix}[redacted]`;
  return path;
}

/** The URL with the value of every secret query parameter (and a secret path segment) replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return redactPath(url);
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
  return `${redactPath(url.slice(0, query))}?${parts.join('&')}`;
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
