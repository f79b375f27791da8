import { exportJWK, generateKeyPair, jwtVerify, SignJWT, calculateJwkThumbprint } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openPgliteDatabase } from '../db/pglite-database.js';
import { SigningKeySecretError } from './key-encryption.js';
import { SigningKeys } from './signing-keys.js';

const SECRET = 'a-test-signing-key-secret-of-32-chars!';
const clock = { now: () => new Date() };
let db: Database;

beforeEach(async () => {
  db = await openPgliteDatabase('memory://');
  await migrate(db);
});
afterEach(async () => db.close());

/** Signs a token with the active key and verifies it against the published key of its kid. */
async function signsAndVerifies(keys: SigningKeys): Promise<string> {
  const active = await keys.activeKey();
  const token = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'RS256', kid: active.kid }).sign(active.privateKey);
  const publicKey = await keys.publicKey(active.kid);
  if (publicKey === undefined) throw new Error('the active key is not published');
  await jwtVerify(token, publicKey);
  return active.kid;
}

describe('signing keys at rest', () => {
  it('stores the private key sealed, never its private fields, and signs tokens that verify', async () => {
    // Threat: whoever reads the database (a dump, a backup, a read-only role) forging tokens.
    const keys = new SigningKeys(db, clock, SECRET);
    await keys.ensureKey();
    const [row] = await db.query<{ private_jwk: Record<string, unknown> }>('SELECT private_jwk FROM signing_keys');
    expect(row?.private_jwk.sealed).toBe('A256GCM');
    for (const field of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'n']) expect(row?.private_jwk).not.toHaveProperty(field);
    await signsAndVerifies(keys);
    expect((await keys.jwks()).keys[0]).not.toHaveProperty('d');
  });

  it('refuses to start with another SIGNING_KEY_SECRET than the one that sealed the active key', async () => {
    await new SigningKeys(db, clock, SECRET).ensureKey();
    await expect(new SigningKeys(db, clock, `${SECRET}-other`).ensureKey()).rejects.toBeInstanceOf(SigningKeySecretError);
  });

  it('seals a key stored plain by an older version at start and keeps signing with the same key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4)', [
      kid,
      JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256' }),
      JSON.stringify({ ...publicJwk, kid, alg: 'RS256', use: 'sig' }),
      new Date(),
    ]);
    const keys = new SigningKeys(db, clock, SECRET);
    await keys.ensureKey();
    const [row] = await db.query<{ private_jwk: Record<string, unknown> }>('SELECT private_jwk FROM signing_keys WHERE kid = $1', [kid]);
    expect(row?.private_jwk.sealed).toBe('A256GCM');
    expect(await signsAndVerifies(keys)).toBe(kid);
  });

  it('rotates to a new sealed key while the old one stays published', async () => {
    const keys = new SigningKeys(db, clock, SECRET);
    await keys.ensureKey();
    const before = await signsAndVerifies(keys);
    const { kid, retired } = await keys.rotate();
    expect(retired).toEqual([before]);
    expect(await signsAndVerifies(keys)).toBe(kid);
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual([kid, before]);
  });
});
