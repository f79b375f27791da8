// Reading the address managed login returned to: `?code&state` (authorization code), `#access_token…`
// (implicit grant), or `error` / `error_description` in either place.

/** What the callback URL carries. */
export type OAuthCallback =
  | { kind: 'none' }
  | { kind: 'error'; error: string; description: string | undefined }
  | { kind: 'code'; code: string; state: string }
  | { kind: 'tokens'; accessToken: string; idToken: string | undefined; state: string };

// Parameters managed login adds to the address; removed once the callback has been read.
const QUERY_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri'] as const;
const FRAGMENT_PARAMS = ['access_token', 'id_token', 'token_type', 'expires_in', 'state', 'error', 'error_description'] as const;

function nonEmpty(value: string | null): string | undefined {
  return value === null || value === '' ? undefined : value;
}

function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
}

/** Reads the OAuth response in `href` for the configured response type; `none` when it carries none (or is not a URL). */
export function readOAuthCallback(href: string, responseType: 'code' | 'token'): OAuthCallback {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { kind: 'none' };
  }
  const query = url.searchParams;
  const fragment = fragmentOf(url);
  const error = nonEmpty(query.get('error')) ?? nonEmpty(fragment.get('error'));
  if (error !== undefined) {
    return { kind: 'error', error, description: nonEmpty(query.get('error_description')) ?? nonEmpty(fragment.get('error_description')) };
  }
  if (responseType === 'code') {
    const code = nonEmpty(query.get('code'));
    const state = nonEmpty(query.get('state'));
    return code === undefined || state === undefined ? { kind: 'none' } : { kind: 'code', code, state };
  }
  const accessToken = nonEmpty(fragment.get('access_token'));
  if (accessToken === undefined) return { kind: 'none' };
  // A missing state is kept as '' so the state check refuses it rather than this parser.
  return { kind: 'tokens', accessToken, idToken: nonEmpty(fragment.get('id_token')), state: fragment.get('state') ?? '' };
}

/** `href` without what managed login added (code, state, errors; a fragment carrying tokens), so a reload or a shared link does not replay it. */
export function withoutOAuthParams(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  for (const name of QUERY_PARAMS) url.searchParams.delete(name);
  const fragment = fragmentOf(url);
  if (FRAGMENT_PARAMS.some((name) => fragment.has(name))) url.hash = '';
  // URL keeps a bare '?' after the last parameter is deleted; drop it.
  return url.href.replace(/\?(?=#|$)/, '');
}
