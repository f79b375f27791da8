// The OAuth `state` of signInWithRedirect: `<random>` or `<random>-<hex of customState>`, the idea
// aws-amplify uses, so an app's customState comes back with the callback without being stored.
// The random part is hex, so the first `-` always separates it from the custom state.
import { takeRandomBytes } from '../srp/random.js';
import type { RandomBytes } from '../srp/random.js';

/** Random bytes of a state's random part: 128 bits, written as 32 hex characters. */
export const STATE_RANDOM_BYTES = 16;

const HEX = /^(?:[0-9a-f]{2})*$/;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Encodes a custom state as the lowercase hex of its UTF-8 bytes: only [0-9a-f] travels in the URL, so
 * Cognito's re-encoding on the way back cannot change it (for ASCII this is what aws-amplify sends).
 */
export function encodeCustomState(customState: string): string {
  return toHex(new TextEncoder().encode(customState));
}

/** Decodes encodeCustomState's hex; undefined when it is not hex of well-formed UTF-8. */
export function decodeCustomState(hex: string): string | undefined {
  if (!HEX.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A fresh state: random hex, followed by `-` and the encoded custom state when there is one. */
export function createOAuthState(randomBytes: RandomBytes, customState?: string): string {
  const random = toHex(takeRandomBytes(randomBytes, STATE_RANDOM_BYTES));
  return customState === undefined || customState === '' ? random : `${random}-${encodeCustomState(customState)}`;
}

/** The custom state carried by a state createOAuthState made, or undefined when it carries none. */
export function customStateOf(state: string): string | undefined {
  const dash = state.indexOf('-');
  return dash < 0 ? undefined : decodeCustomState(state.slice(dash + 1));
}

/**
 * Compares a returned state with the stored one in time independent of where they differ, so the
 * comparison tells an attacker nothing about the stored state. Different lengths are unequal.
 */
export function oauthStatesEqual(received: string, stored: string): boolean {
  const a = new TextEncoder().encode(received);
  const b = new TextEncoder().encode(stored);
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0 && stored !== '';
}
