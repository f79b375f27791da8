import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { tryDecodeJwtToken } from './jwt.js';
import { userStorageKeys } from './storage-keys.js';

/** The names of the two token cookies: the same keys as in storage (Cognito's scheme). */
export function tokenCookieNames(clientId: string, username: string): { idToken: string; accessToken: string } {
  const keys = userStorageKeys(clientId, username);
  return { idToken: keys.idToken, accessToken: keys.accessToken };
}

type CookieRuntime = Pick<AuthRuntime, 'config' | 'cookies' | 'clock'>;

// A cookie lives as long as its token (by server time), so an expired token is not sent on.
function lifetimeSeconds(runtime: CookieRuntime, token: string, clockDrift: number): number | undefined {
  const exp = tryDecodeJwtToken(token)?.payload.exp;
  if (exp === undefined) return undefined;
  return Math.max(0, Math.floor((exp * 1000 - (runtime.clock.now() + clockDrift)) / 1000));
}

/** Writes the id and access token cookies (spec section 3); removes the id cookie when there is no id token. */
export function writeTokenCookies(
  runtime: CookieRuntime,
  tokens: { username: string; accessToken: string; idToken?: string | undefined; clockDrift: number },
): void {
  const names = tokenCookieNames(runtime.config.userPoolClientId, tokens.username);
  const accessAge = lifetimeSeconds(runtime, tokens.accessToken, tokens.clockDrift);
  runtime.cookies.set(names.accessToken, tokens.accessToken, accessAge === undefined ? {} : { maxAgeSeconds: accessAge });
  if (tokens.idToken === undefined || tokens.idToken === '') {
    runtime.cookies.remove(names.idToken);
    return;
  }
  const idAge = lifetimeSeconds(runtime, tokens.idToken, tokens.clockDrift);
  runtime.cookies.set(names.idToken, tokens.idToken, idAge === undefined ? {} : { maxAgeSeconds: idAge });
}

/** Removes the id and access token cookies of `username`. */
export function removeTokenCookies(runtime: Pick<AuthRuntime, 'config' | 'cookies'>, username: string): void {
  const names = tokenCookieNames(runtime.config.userPoolClientId, username);
  runtime.cookies.remove(names.accessToken);
  runtime.cookies.remove(names.idToken);
}
