// RFC 6238 TOTP for the tests' "authenticator app": HMAC-SHA1, 30-second steps, 6 digits.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = '';
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of `secret` at time step `step`. */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, '0');
}

/**
 * An authenticator app for one secret. The server accepts one step either side of now and never
 * the same step twice, so each code comes from a step not used yet (waiting for a new one if needed).
 */
export class Authenticator {
  private readonly used = new Set<number>();

  constructor(readonly secret: string) {}

  /** A code the server will accept now. */
  async code(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / 1000 / 30);
      // The previous step is risky near a boundary; prefer now, then the next one.
      const step = [now, now + 1].find((candidate) => !this.used.has(candidate));
      if (step !== undefined) {
        this.used.add(step);
        return totpAt(this.secret, step);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
