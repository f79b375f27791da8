import { InvalidOriginException, InvalidPreferredRedirectUrlException, InvalidRedirectException } from '../errors/auth-errors.js';
import type { PageLocation } from '../runtime/auth-runtime.js';

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Chooses the logout_uri (spec section 5, no open redirects): a preferred URL must be one of
 * `redirectSignOut` exactly (else InvalidPreferredRedirectUrlException); chosen automatically, it
 * must be on the current page's origin, preferring one whose path is a prefix of the page's path
 * (InvalidOriginException when none is; InvalidRedirectException when the list has no valid URL).
 */
export function chooseSignOutRedirect(
  redirectSignOut: readonly string[],
  preferredRedirectUrl: string | undefined,
  location: PageLocation | undefined,
): string {
  if (preferredRedirectUrl !== undefined) {
    if (!redirectSignOut.includes(preferredRedirectUrl)) throw new InvalidPreferredRedirectUrlException();
    return preferredRedirectUrl;
  }
  const candidates = redirectSignOut.flatMap((raw) => {
    const url = parse(raw);
    return url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') ? [{ raw, url }] : [];
  });
  if (candidates.length === 0) throw new InvalidRedirectException();
  if (location === undefined) throw new InvalidOriginException();
  const sameOrigin = candidates.filter(({ url }) => url.origin === location.origin);
  const best = sameOrigin.find(({ url }) => location.pathname.startsWith(url.pathname)) ?? sameOrigin[0];
  if (best === undefined) throw new InvalidOriginException();
  return best.raw;
}

/** The hosted logout URL: https://{domain}/logout?client_id=…&logout_uri=… (domain may carry its own scheme). */
export function hostedLogoutUrl(domain: string, clientId: string, logoutUri: string): string {
  const base = /^https?:\/\//.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain}`;
  const query = new URLSearchParams({ client_id: clientId, logout_uri: logoutUri });
  return `${base}/logout?${query.toString()}`;
}
