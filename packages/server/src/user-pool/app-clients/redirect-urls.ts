// Which URLs an app client may register as CallbackURLs / LogoutURLs / DefaultRedirectURI, by
// Cognito's rules: absolute, no fragment, https — plain http only on the loopback host, for
// development — or an app's own scheme (myapp://callback) for native apps. Pure: the admin
// operations and the configuration (EXTRA_CALLBACK_URLS) check with it.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Schemes a browser would run or read locally instead of navigating to an app. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about']);

/** Why `url` cannot be registered as a callback or sign-out URL, or undefined when it can. */
export function redirectUrlProblem(url: string): string | undefined {
  if (/\s/.test(url) || [...url].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) return 'must not contain spaces or control characters';
  if (url.includes('#')) return 'must not contain a fragment (#)';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  const scheme = parsed.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'https') return parsed.hostname === '' ? 'must name a host' : undefined;
  if (scheme === 'http') return LOOPBACK_HOSTS.has(parsed.hostname) ? undefined : 'must use https (plain http only for localhost and 127.0.0.1)';
  if (FORBIDDEN_SCHEMES.has(scheme)) return `must not use the ${scheme}: scheme`;
  return undefined;
}
