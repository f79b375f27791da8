// Secrets that would let a reader of the database act as a user (TOTP secrets, the server's SRP
// ephemeral and the rest of a pending sign-in's state) are stored sealed: AES-256-GCM under a key
// derived (HKDF-SHA256) from DATA_SEALING_SECRET, which lives in configuration, never in the
// database. Each value is bound by associated data to what it belongs to ("totp:<sub>",
// "auth-session:<id>"), so a sealed value copied to another row does not open. Older secrets
// (DATA_SEALING_PREVIOUS_SECRETS) still open what they sealed, and start-up re-seals it under the
// current one: that is how the secret is rotated.
import { createCipheriv, createDecipheriv, createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/** Prefix of every sealed value ("sealed.v1.<key id>.<iv>.<ciphertext and tag>", base64url parts). */
export const SEALED_PREFIX = 'sealed.v1.';

const TAG_BYTES = 16;

/** Thrown when a sealed value does not open: another secret, a tampered value, or one moved to another row. */
export class SealedValueError extends Error {
  override readonly name = 'SealedValueError';
  constructor(readonly boundTo: string) {
    super(`A sealed value (${boundTo.split(':')[0] ?? ''}) does not open with the configured DATA_SEALING_SECRET or DATA_SEALING_PREVIOUS_SECRETS.`);
  }
}

interface SealingKey {
  readonly id: string;
  /** A KeyObject, not the bytes: every request seals or opens, and a KeyObject is not re-imported each time. */
  readonly key: KeyObject;
}

function sealingKey(secret: string): SealingKey {
  const key = Buffer.from(hkdfSync('sha256', secret, 'steward-data-sealing', 'aes-256-gcm', 32));
  // A short public fingerprint of the key, so a value names the key that opens it.
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key: createSecretKey(key) };
}

/** True when a stored value is sealed (not a plain value from before sealing). */
export function isSealedValue(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** Seals and opens values under the current sealing secret (and opens under previous ones). */
export class SecretBox {
  private readonly current: SealingKey;
  private readonly byId: ReadonlyMap<string, SealingKey>;

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    this.current = sealingKey(secret);
    this.byId = new Map([...previousSecrets.map(sealingKey), this.current].map((k) => [k.id, k]));
  }

  /** Seals `plain` for the place `boundTo` names (associated data). */
  seal(boundTo: string, plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_PREFIX}${this.current.id}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** Opens a value sealed for `boundTo`; SealedValueError when it does not open. */
  open(boundTo: string, stored: string): string {
    const [id, iv, body] = stored.startsWith(SEALED_PREFIX) ? stored.slice(SEALED_PREFIX.length).split('.') : [];
    const key = id === undefined ? undefined : this.byId.get(id);
    if (key === undefined || iv === undefined || body === undefined) throw new SealedValueError(boundTo);
    try {
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError(boundTo);
    }
  }

  /** True when `stored` is plain or sealed under a key other than the current one (start-up re-seals it). */
  needsReseal(stored: string): boolean {
    return !stored.startsWith(`${SEALED_PREFIX}${this.current.id}.`);
  }
}
