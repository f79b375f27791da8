// Sending a browser back to an app client's redirect_uri with parameters.

/**
 * `uri` with `parameters` (undefined values left out) added to its query, or set as its fragment.
 * The registered URI is kept exactly as it is, so the app sees the address it registered.
 */
export function withParameters(uri: string, parameters: Readonly<Record<string, string | undefined>>, where: 'query' | 'fragment' = 'query'): string {
  const encoded = new URLSearchParams(Object.entries(parameters).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const hash = uri.indexOf('#');
  const base = hash < 0 ? uri : uri.slice(0, hash);
  if (where === 'fragment') return `${base}#${encoded}`;
  if (encoded === '') return base;
  return `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${encoded}`;
}

/** An OAuth error for the client, at its redirect_uri (RFC 6749 §4.1.2.1), with the request's state. */
export function errorRedirect(redirectUri: string, error: string, description: string, state: string | undefined): string {
  return withParameters(redirectUri, { error, error_description: description, state });
}
