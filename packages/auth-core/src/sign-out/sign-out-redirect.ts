import { oauthDomainBase } from '../oauth/authorize-url.js';
import { chooseRedirectUrl } from '../oauth/redirect-choice.js';
import type { PageLocation } from '../runtime/auth-runtime.js';

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
  return chooseRedirectUrl(redirectSignOut, preferredRedirectUrl, location, 'redirectSignOut');
}

/** The hosted logout URL: https://{domain}/logout?client_id=…&logout_uri=… (domain may carry its own scheme). */
export function hostedLogoutUrl(domain: string, clientId: string, logoutUri: string): string {
  const query = new URLSearchParams({ client_id: clientId, logout_uri: logoutUri });
  return `${oauthDomainBase(domain)}/logout?${query.toString()}`;
}
