// aws-amplify v6's OAuth helpers of `aws-amplify/auth/cognito` over auth-core's managed-login parts
// (src/oauth): state, PKCE verifier, redirect choice and the state check, on the default runtime's
// random source, page location and storage when configure() has run.
import { sha256 } from '@noble/hashes/sha2.js';
import { AuthError } from '../errors/auth-error.js';
import { oauthInFlightKeys } from '../oauth/in-flight-store.js';
import { createOAuthState, oauthStatesEqual } from '../oauth/oauth-state.js';
import { chooseRedirectUrl } from '../oauth/redirect-choice.js';
import { getAuthRuntime, findAuthRuntime } from '../runtime/auth-runtime.js';
import type { PageLocation } from '../runtime/auth-runtime.js';
import { bytesToBase64Url } from '../runtime/web-authn-browser.js';
import { takeRandomBytes, webCryptoRandomBytes } from '../srp/random.js';
import type { RandomBytes } from '../srp/random.js';

function randomSource(): RandomBytes {
  return findAuthRuntime()?.randomBytes ?? webCryptoRandomBytes;
}

/** A fresh OAuth state: 16 random bytes as 32 hex characters (the state signInWithRedirect sends). */
export function generateState(): string {
  return createOAuthState(randomSource());
}

/**
 * A PKCE code verifier of `length` characters (RFC 7636: 43 to 128) from the base64url alphabet, with
 * its S256 challenge computed on demand; synchronous as in Amplify, so it hashes with @noble/hashes
 * (signInWithRedirect itself uses WebCrypto).
 */
export function generateCodeVerifier(length: number): { value: string; method: 'S256'; toCodeChallenge(): string } {
  // Every base64url character carries 6 random bits, so 3 bytes give 4 characters.
  const value = bytesToBase64Url(takeRandomBytes(randomSource(), Math.ceil((length * 3) / 4))).slice(0, length);
  let challenge: string | undefined;
  return {
    value,
    method: 'S256',
    toCodeChallenge() {
      challenge ??= bytesToBase64Url(sha256(new TextEncoder().encode(value)));
      return challenge;
    },
  };
}

function currentPage(): PageLocation | undefined {
  const runtime = findAuthRuntime();
  if (runtime !== undefined) return runtime.location();
  const location = (globalThis as { location?: Partial<PageLocation> }).location;
  return typeof location?.origin === 'string' ? { origin: location.origin, pathname: location.pathname ?? '/' } : undefined;
}

/**
 * Chooses a redirect URL from `redirects`: `preferredRedirectUrl` when it is one of them exactly
 * (else InvalidPreferredRedirectUrlException), otherwise the one on the current page's origin, path
 * prefix first (InvalidOriginException / InvalidRedirectException), auth-core's rule for both
 * redirectSignIn and redirectSignOut.
 */
export function getRedirectUrl(redirects: readonly string[], preferredRedirectUrl?: string): string {
  return chooseRedirectUrl(redirects, preferredRedirectUrl, currentPage(), 'redirectSignOut');
}

/**
 * Checks the state an OAuth callback returned against the one signInWithRedirect stored (constant
 * time) and resolves to it; an AuthError named `oauthSignInError` (aws-amplify's name and messages)
 * "An error occurred while validating the state." otherwise, or "`signInWithRedirect` has been canceled." for a null state.
 */
export async function validateState(state?: string | null): Promise<string> {
  const runtime = getAuthRuntime();
  const stored = await runtime.storage.getItem(oauthInFlightKeys(runtime.config.userPoolClientId).oauthState);
  if (typeof state === 'string' && stored !== null && oauthStatesEqual(state, stored)) return stored;
  // aws-amplify's validateState names this error `oauthSignInError` (not OAuthSignInException), and
  // apps that call it branch on that name.
  throw new AuthError({
    name: 'oauthSignInError',
    message: state === null ? '`signInWithRedirect` has been canceled.' : 'An error occurred while validating the state.',
    recoverySuggestion: state === null ? undefined : 'Start the sign-in again with signInWithRedirect from this app.',
  });
}
