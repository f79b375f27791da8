// TOTP (RFC 6238) over HOTP (RFC 4226), and the RFC 4648 base32 that authenticator apps read
// secrets in. Pure functions of (secret, time): the database replay guard lives in
// totp-verification.ts.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** HMAC hash of an authenticator; apps use SHA-1, RFC 6238's vectors also SHA-256 and SHA-512. */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** Parameters of a TOTP generator; defaults are Cognito's (and every authenticator app's). */
export interface TotpOptions {
  readonly digits?: number;
  readonly stepSeconds?: number;
  readonly algorithm?: TotpAlgorithm;
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Encodes bytes as RFC 4648 base32 without padding (the form otpauth:// links carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes RFC 4648 base32 (case-insensitive, padding and spaces ignored); throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new RangeError(`not a base32 character: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** A new random TOTP secret: 20 bytes (RFC 4226's recommended length for SHA-1), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP(key, counter): dynamic truncation of HMAC(key, counter as 8 bytes), `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: bigint, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, '0');
}

/** The time step (counter) of an instant: floor(unix seconds / step). */
export function totpStep(at: Date, stepSeconds = 30): bigint {
  return BigInt(Math.floor(at.getTime() / 1000 / stepSeconds));
}

/** The TOTP code of a base32 secret at an instant. */
export function totpCode(secretBase32: string, at: Date, options: TotpOptions = {}): string {
  return hotp(base32Decode(secretBase32), totpStep(at, options.stepSeconds ?? 30), options.digits ?? 6, options.algorithm ?? 'sha1');
}

/**
 * The time step whose code equals `code`, looking `window` steps either side of now (clock drift
 * between server and phone), or undefined. Every candidate is compared in constant time.
 */
export function matchTotpStep(secretBase32: string, code: string, at: Date, options: TotpOptions & { window?: number } = {}): bigint | undefined {
  const digits = options.digits ?? 6;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return undefined;
  const key = base32Decode(secretBase32);
  const now = totpStep(at, options.stepSeconds ?? 30);
  const window = options.window ?? 1;
  const given = Buffer.from(code);
  let matched: bigint | undefined;
  for (let delta = -window; delta <= window; delta++) {
    const step = now + BigInt(delta);
    const expected = Buffer.from(hotp(key, step, digits, options.algorithm ?? 'sha1'));
    // No early exit: the time taken does not say which step matched.
    if (timingSafeEqual(expected, given) && matched === undefined) matched = step;
  }
  return matched;
}
