// RFC 6238 TOTP for the tests' "authenticator app": HMAC-SHA1, 30-second steps, 6 digits.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

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
 * With a state file the secret and the used steps outlive the test file: the demo users are shared
 * by every e2e file, each in its own module scope, against one server.
 */
export class Authenticator {
  private readonly used = new Set<number>();
  /** How far the server's clock is ahead of this machine's (a server run with the e2e test clock). */
  offsetMs = 0;

  constructor(
    readonly secret: string,
    private readonly stateFile?: string,
  ) {
    this.save();
  }

  /** The authenticator a state file holds, if some earlier test set one up. */
  static load(stateFile: string): Authenticator | undefined {
    if (!existsSync(stateFile)) return undefined;
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { secret: string };
    return new Authenticator(state.secret, stateFile);
  }

  /** A code the server will accept now. */
  async code(): Promise<string> {
    for (;;) {
      this.restore();
      const now = Math.floor((Date.now() + this.offsetMs) / 1000 / 30);
      // The previous step is risky near a boundary; prefer now, then the next one.
      const step = [now, now + 1].find((candidate) => !this.used.has(candidate));
      if (step !== undefined) {
        this.used.add(step);
        this.save();
        return totpAt(this.secret, step);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  private restore(): void {
    if (this.stateFile === undefined || !existsSync(this.stateFile)) return;
    const state = JSON.parse(readFileSync(this.stateFile, 'utf8')) as { used: number[] };
    for (const step of state.used) this.used.add(step);
  }

  private save(): void {
    if (this.stateFile === undefined) return;
    writeFileSync(this.stateFile, JSON.stringify({ secret: this.secret, used: [...this.used] }));
  }
}
