// PKCE (RFC 7636) for signInWithRedirect: a random code_verifier, and its S256 code_challenge
// hashed with WebCrypto so a browser bundle carries no hash library.
import { bytesToBase64Url } from '../runtime/web-authn-browser.js';
import { SrpRandomSourceError } from '../srp/errors.js';
import { takeRandomBytes } from '../srp/random.js';
import type { RandomBytes } from '../srp/random.js';

/** Random bytes behind a code_verifier: 96 bytes are 128 base64url characters, RFC 7636's maximum. */
export const CODE_VERIFIER_BYTES = 96;

/** The only challenge method auth-core sends (Cognito requires S256 for public clients). */
export const CODE_CHALLENGE_METHOD = 'S256';

/** A fresh code_verifier: base64url of CODE_VERIFIER_BYTES random bytes (unreserved characters only). */
export function createCodeVerifier(randomBytes: RandomBytes): string {
  return bytesToBase64Url(takeRandomBytes(randomBytes, CODE_VERIFIER_BYTES));
}

/** The S256 code_challenge of a verifier: BASE64URL(SHA-256(ASCII(verifier))), without padding. */
export async function codeChallengeS256(codeVerifier: string): Promise<string> {
  const subtle = (globalThis as { crypto?: Partial<Crypto> }).crypto?.subtle;
  // Browsers expose crypto.subtle only in secure contexts (HTTPS or localhost).
  if (subtle === undefined) throw new SrpRandomSourceError('globalThis.crypto.subtle is not available (it needs a secure context)');
  return bytesToBase64Url(await subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier)));
}
