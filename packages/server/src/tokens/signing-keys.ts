// RS256 signing keys kept in the database, so every process signs with the same key and a rotation
// done by one process (or the CLI) reaches all of them. Private keys are stored sealed with
// SIGNING_KEY_SECRET (key-encryption.ts).
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Database, Queryable } from '../db/database.js';
import { addSeconds, type Clock } from '../time/clock.js';
import { isSealed, openPrivateJwk, sealPrivateJwk, type SealedPrivateJwk, type StoredPrivateJwk } from './key-encryption.js';

/** Longest token lifetime the schema allows (1 day) plus a margin for processes still caching the old key. */
const RETIRED_KEY_PUBLISH_SECONDS = 24 * 3600 + 600;
/** How long a process trusts its cached view of the active key. */
const ACTIVE_KEY_CACHE_MS = 10_000;

/** A key ready to sign. */
export interface ActiveKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  /** The same key for node:crypto's synchronous sign (what the token service signs with). */
  readonly signingKey: KeyObject;
}

interface KeyRow {
  kid: string;
  private_jwk: StoredPrivateJwk;
  public_jwk: JWK;
  publish_until: Date | null;
}

async function newKeyRow(secret: string): Promise<{ kid: string; privateJwk: SealedPrivateJwk; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateJwk: sealPrivateJwk(secret, kid, { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }),
    publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' },
  };
}

/** The signing-key store: creates the first key, rotates, signs with the active key, publishes the JWKS. */
export class SigningKeys {
  private active: { key: ActiveKey; loadedAt: number } | undefined;
  private readonly publicKeys = new Map<string, { key: CryptoKey; publishUntil: Date | null }>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  /**
   * Creates the first signing key if there is none (safe when several processes start at once),
   * seals keys stored plain by an older version, and checks that SIGNING_KEY_SECRET opens the
   * active key (SigningKeySecretError otherwise), so a wrong secret stops the start, not a sign-in.
   */
  async ensureKey(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('steward-signing-keys:' || current_schema()))`);
      const stored = await tx.query<{ kid: string; private_jwk: StoredPrivateJwk; retired_at: Date | null }>('SELECT kid, private_jwk, retired_at FROM signing_keys');
      for (const row of stored) {
        if (isSealed(row.private_jwk)) {
          if (row.retired_at === null) openPrivateJwk(this.secret, row.kid, row.private_jwk);
        } else {
          await tx.query('UPDATE signing_keys SET private_jwk = $2 WHERE kid = $1', [row.kid, JSON.stringify(sealPrivateJwk(this.secret, row.kid, row.private_jwk))]);
        }
      }
      if (stored.some((row) => row.retired_at === null)) return;
      const key = await newKeyRow(this.secret);
      await tx.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4)', [
        key.kid,
        JSON.stringify(key.privateJwk),
        JSON.stringify(key.publicJwk),
        this.clock.now(),
      ]);
    });
  }

  /**
   * Makes a new key active. The previous ones are retired but stay in the JWKS until every token
   * they signed has expired. Returns the new and the retired key ids. `recordRotated` runs last in
   * the rotation's transaction (the audit trail).
   */
  async rotate(recordRotated?: (tx: Queryable, rotation: { kid: string; retired: string[] }) => Promise<void>): Promise<{ kid: string; retired: string[] }> {
    const result = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('steward-signing-keys:' || current_schema()))`);
      const now = this.clock.now();
      const retired = await tx.query<{ kid: string }>('UPDATE signing_keys SET retired_at = $1, publish_until = $2 WHERE retired_at IS NULL RETURNING kid', [
        now,
        addSeconds(now, RETIRED_KEY_PUBLISH_SECONDS),
      ]);
      const key = await newKeyRow(this.secret);
      // created_at one millisecond later keeps "newest signs" unambiguous even within one clock tick.
      await tx.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4)', [
        key.kid,
        JSON.stringify(key.privateJwk),
        JSON.stringify(key.publicJwk),
        new Date(now.getTime() + 1),
      ]);
      const rotation = { kid: key.kid, retired: retired.map((r) => r.kid) };
      await recordRotated?.(tx, rotation);
      return rotation;
    });
    this.active = undefined;
    return result;
  }

  /** The key to sign with now (cached briefly). */
  async activeKey(): Promise<ActiveKey> {
    if (this.active !== undefined && Date.now() - this.active.loadedAt < ACTIVE_KEY_CACHE_MS) return this.active.key;
    const rows = await this.db.query<KeyRow>('SELECT kid, private_jwk, public_jwk, publish_until FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1');
    let row = rows[0];
    if (row === undefined) {
      await this.ensureKey();
      row = (await this.db.query<KeyRow>('SELECT kid, private_jwk, public_jwk, publish_until FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1'))[0];
      if (row === undefined) throw new Error('no signing key');
    }
    const jwk = openPrivateJwk(this.secret, row.kid, row.private_jwk);
    const key = { kid: row.kid, privateKey: (await importJWK(jwk, 'RS256')) as CryptoKey, signingKey: createPrivateKey({ key: { ...jwk }, format: 'jwk' }) };
    this.active = { key, loadedAt: Date.now() };
    return key;
  }

  /** The public key with this kid if it is still published, else undefined. */
  async publicKey(kid: string): Promise<CryptoKey | undefined> {
    let entry = this.publicKeys.get(kid);
    if (entry === undefined || entry.publishUntil === null) {
      // Re-read keys without an end date: another process may have retired them since.
      const rows = await this.db.query<KeyRow>('SELECT kid, private_jwk, public_jwk, publish_until FROM signing_keys WHERE kid = $1', [kid]);
      const row = rows[0];
      if (row === undefined) return undefined;
      entry = { key: (await importJWK(row.public_jwk, 'RS256')) as CryptoKey, publishUntil: row.publish_until === null ? null : new Date(row.publish_until) };
      this.publicKeys.set(kid, entry);
    }
    if (entry.publishUntil !== null && entry.publishUntil <= this.clock.now()) return undefined;
    return entry.key;
  }

  /** The JSON Web Key Set: the active key and every retired key still within its publishing period. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.db.query<KeyRow>(
      'SELECT kid, private_jwk, public_jwk, publish_until FROM signing_keys WHERE publish_until IS NULL OR publish_until > $1 ORDER BY created_at DESC',
      [this.clock.now()],
    );
    return { keys: rows.map((r) => r.public_jwk) };
  }

  /** Deletes retired keys past their publishing period. */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM signing_keys WHERE publish_until IS NOT NULL AND publish_until <= $1', [this.clock.now()]);
  }
}
