// Token-signing private keys are stored sealed: AES-256-GCM under a key derived (HKDF-SHA256) from
// SIGNING_KEY_SECRET, with the key id as associated data so a sealed key cannot be moved to another
// row. A copy of the database alone then cannot forge tokens.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';

/** A private JWK as stored: sealed (`alg: A256GCM`) or, from before encryption, plain. */
export type StoredPrivateJwk = SealedPrivateJwk | JWK;

/** The sealed form kept in `signing_keys.private_jwk`. */
export interface SealedPrivateJwk {
  readonly sealed: 'A256GCM';
  readonly iv: string;
  readonly ciphertext: string;
  readonly tag: string;
}

/** Thrown when SIGNING_KEY_SECRET does not open a stored key (another secret, or a tampered row). */
export class SigningKeySecretError extends Error {
  override readonly name = 'SigningKeySecretError';
  constructor(kid: string) {
    super(`SIGNING_KEY_SECRET does not open the stored signing key ${kid}: start with the secret it was sealed with, or rotate the keys with it.`);
  }
}

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'steward-signing-keys', 'private-jwk-aes-256-gcm', 32));
}

/** True when the stored value is sealed (false for a plain JWK from before encryption). */
export function isSealed(stored: StoredPrivateJwk): stored is SealedPrivateJwk {
  return (stored as Partial<SealedPrivateJwk>).sealed === 'A256GCM';
}

/** Seals a private JWK for storage under `kid`. */
export function sealPrivateJwk(secret: string, kid: string, jwk: JWK): SealedPrivateJwk {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return { sealed: 'A256GCM', iv: iv.toString('base64url'), ciphertext: ciphertext.toString('base64url'), tag: cipher.getAuthTag().toString('base64url') };
}

/** Opens a stored private JWK (a plain one is returned as it is); SigningKeySecretError when it does not open. */
export function openPrivateJwk(secret: string, kid: string, stored: StoredPrivateJwk): JWK {
  if (!isSealed(stored)) return stored;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(stored.iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid, 'utf8'));
    decipher.setAuthTag(Buffer.from(stored.tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(stored.ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as JWK;
  } catch {
    throw new SigningKeySecretError(kid);
  }
}
