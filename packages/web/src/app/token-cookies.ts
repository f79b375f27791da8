// Removes the two token cookies (id and access token) of every user of this app client, whatever
// auth-core still remembers: after an expired session the last user's name may already be gone.
import type { CookiePort } from '@steward/auth-core';

/** The names of token cookies of `clientId` found in a `document.cookie` string. */
export function tokenCookieNamesIn(cookieHeader: string, clientId: string): string[] {
  const prefix = `CognitoIdentityServiceProvider.${clientId}.`;
  return cookieHeader
    .split(';')
    .map((part) => {
      const name = part.slice(0, Math.max(0, part.indexOf('='))).trim();
      try {
        return decodeURIComponent(name);
      } catch {
        return name;
      }
    })
    .filter((name) => name.startsWith(prefix) && (name.endsWith('.idToken') || name.endsWith('.accessToken')));
}

/** Removes every id and access token cookie of `clientId` through the cookie port. */
export function removeTokenCookies(cookieHeader: string, clientId: string, cookies: CookiePort): void {
  for (const name of tokenCookieNamesIn(cookieHeader, clientId)) cookies.remove(name);
}
