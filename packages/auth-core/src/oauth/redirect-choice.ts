// Which configured redirect URL a managed-login round trip returns to: the same rule for the sign-in
// callback (oauth.redirectSignIn) and the logout return (oauth.redirectSignOut), so neither can be
// turned into an open redirect.
import { InvalidOriginException, InvalidPreferredRedirectUrlException, InvalidRedirectException } from '../errors/auth-errors.js';
import type { PageLocation } from '../runtime/auth-runtime.js';

/** The configuration list a redirect is chosen from. */
export type RedirectList = 'redirectSignIn' | 'redirectSignOut';

// The catalogue's wording is about sign-out; a sign-in choice names its own list instead.
const SIGN_IN_WORDING = {
  origin: {
    message: 'No sign-in redirect URL in the config matches the current origin.',
    recoverySuggestion: 'Add a URL on the current origin to oauth.redirectSignIn.',
  },
  invalid: { recoverySuggestion: 'Make sure oauth.redirectSignIn lists absolute http(s) URLs.' },
} as const;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Chooses a redirect from `redirects`: a preferred URL must be one of them exactly (else
 * InvalidPreferredRedirectUrlException); chosen automatically, it must be on the current page's
 * origin, preferring one whose path is a prefix of the page's path (InvalidOriginException when
 * none is; InvalidRedirectException when the list has no valid http(s) URL).
 */
export function chooseRedirectUrl(
  redirects: readonly string[],
  preferredRedirectUrl: string | undefined,
  location: PageLocation | undefined,
  list: RedirectList,
): string {
  if (preferredRedirectUrl !== undefined) {
    if (!redirects.includes(preferredRedirectUrl)) throw new InvalidPreferredRedirectUrlException();
    return preferredRedirectUrl;
  }
  const candidates = redirects.flatMap((raw) => {
    const url = parse(raw);
    return url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') ? [{ raw, url }] : [];
  });
  const signIn = list === 'redirectSignIn';
  if (candidates.length === 0) throw new InvalidRedirectException(signIn ? SIGN_IN_WORDING.invalid : {});
  const originError = () => new InvalidOriginException(signIn ? SIGN_IN_WORDING.origin : {});
  if (location === undefined) throw originError();
  const sameOrigin = candidates.filter(({ url }) => url.origin === location.origin);
  const best = sameOrigin.find(({ url }) => location.pathname.startsWith(url.pathname)) ?? sameOrigin[0];
  if (best === undefined) throw originError();
  return best.raw;
}

/** The redirect_uri of signInWithRedirect: the oauth.redirectSignIn URL on the current page's origin. */
export function chooseSignInRedirect(redirectSignIn: readonly string[], location: PageLocation | undefined): string {
  return chooseRedirectUrl(redirectSignIn, undefined, location, 'redirectSignIn');
}
