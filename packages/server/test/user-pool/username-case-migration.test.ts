// Migration 0015 on data written before it (every username_key lower-cased), on PGlite and
// PostgreSQL: a pool whose settings say CaseSensitive true gets exact keys, so its users are found
// by their exact name only and a case variant can then be created; other pools keep their keys.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import { openPgliteDatabase } from '../../src/db/pglite-database.js';
import { openPostgresDatabase } from '../../src/db/postgres-database.js';
import { insertPool } from '../../src/user-pool/pools/pool-repository.js';
import { findUserByUsername, insertUser } from '../../src/user-pool/users/user-repository.js';
import { BOTH_DATABASES, dropSchema, TEST_POSTGRES_URL, type TestDatabase } from '../harness.js';

const NOW = new Date('2026-11-01T00:00:00Z');

async function open(database: TestDatabase): Promise<{ db: Database; schema?: string }> {
  if (database === 'pglite') return { db: await openPgliteDatabase('memory://') };
  const schema = `t_casesens_${randomBytes(4).toString('hex')}`;
  return { db: await openPostgresDatabase(TEST_POSTGRES_URL, schema, 2), schema };
}

/** A user row as the code before migration 0015 wrote it: the key lower-cased whatever the pool. */
async function oldUser(db: Database, poolId: string, username: string): Promise<void> {
  await db.query(`INSERT INTO users (sub, pool_id, username, username_key, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'CONFIRMED', $5, $5)`, [
    randomUUID(),
    poolId,
    username,
    username.normalize('NFC').toLowerCase(),
    NOW,
  ]);
}

describe.each(BOTH_DATABASES)('migration 0015 (username case) on %s', (database) => {
  let opened: { db: Database; schema?: string } | undefined;
  afterEach(async () => {
    await opened?.db.close();
    if (opened?.schema !== undefined) await dropSchema(opened.schema);
    opened = undefined;
  });

  it('re-keys the users of case-sensitive pools to their exact names and leaves the other pools alone', async () => {
    opened = await open(database);
    const { db } = opened;
    const all = await readMigrations();
    await migrate(db, all.filter((m) => m.version < 15));
    await insertPool(db, { id: 'us-east-1_sensitive', name: 'sensitive', settings: { usernameConfiguration: { CaseSensitive: true } } }, NOW);
    await insertPool(db, { id: 'us-east-1_insensitive', name: 'insensitive', settings: { usernameConfiguration: { CaseSensitive: false } } }, NOW);
    await insertPool(db, { id: 'us-east-1_unset', name: 'demo-like' }, NOW);
    for (const poolId of ['us-east-1_sensitive', 'us-east-1_insensitive', 'us-east-1_unset']) {
      await oldUser(db, poolId, 'Alice');
      await oldUser(db, poolId, 'bob');
      await oldUser(db, poolId, 'Cafe\u0301'); // decomposed é: the key is NFC
    }

    expect(await migrate(db)).toContain(15);

    const keys = await db.query<{ pool_id: string; username_key: string }>('SELECT pool_id, username_key FROM users ORDER BY pool_id, username_key');
    const byPool = (poolId: string): string[] => keys.filter((k) => k.pool_id === poolId).map((k) => k.username_key).sort();
    expect(byPool('us-east-1_sensitive')).toEqual(['Alice', 'Caf\u00e9', 'bob'].sort());
    expect(byPool('us-east-1_insensitive')).toEqual(['alice', 'bob', 'caf\u00e9'].sort());
    expect(byPool('us-east-1_unset')).toEqual(['alice', 'bob', 'caf\u00e9'].sort());

    // What the server does next with them: exact names only in the case-sensitive pool, any case elsewhere.
    expect((await findUserByUsername(db, 'us-east-1_sensitive', 'Alice'))?.username).toBe('Alice');
    expect(await findUserByUsername(db, 'us-east-1_sensitive', 'alice')).toBeUndefined();
    expect((await findUserByUsername(db, 'us-east-1_unset', 'ALICE'))?.username).toBe('Alice');
    const newUser = { poolId: 'us-east-1_sensitive', username: 'alice', status: 'CONFIRMED' as const, attributes: {}, srpSalt: null, srpVerifier: null, passwordHash: null };
    await insertUser(db, { ...newUser, sub: randomUUID() }, NOW);
    expect((await findUserByUsername(db, 'us-east-1_sensitive', 'alice'))?.username).toBe('alice');
    await expect(insertUser(db, { ...newUser, poolId: 'us-east-1_insensitive', sub: randomUUID() }, NOW)).rejects.toThrow();
  });

  it('corrects the key a previous release writes for a case-sensitive pool during a rolling upgrade', async () => {
    opened = await open(database);
    const { db } = opened;
    await migrate(db);
    await insertPool(db, { id: 'us-east-1_sensitive', name: 'sensitive', settings: { usernameConfiguration: { CaseSensitive: true } } }, NOW);
    await insertPool(db, { id: 'us-east-1_insensitive', name: 'insensitive', settings: { usernameConfiguration: { CaseSensitive: false } } }, NOW);
    // The previous release lower-cases every key.
    await oldUser(db, 'us-east-1_sensitive', 'Zed');
    await oldUser(db, 'us-east-1_insensitive', 'Zed');
    expect((await findUserByUsername(db, 'us-east-1_sensitive', 'Zed'))?.username).toBe('Zed');
    expect(await findUserByUsername(db, 'us-east-1_sensitive', 'zed')).toBeUndefined();
    expect((await findUserByUsername(db, 'us-east-1_insensitive', 'ZED'))?.username).toBe('Zed');
    // …and its import's INSERT … ON CONFLICT DO NOTHING meets the corrected key: "zed" is another user here.
    const inserted = await db.query<{ username_key: string }>(
      `INSERT INTO users (sub, pool_id, username, username_key, status, created_at, updated_at) VALUES ($1, 'us-east-1_sensitive', 'zed', 'zed', 'CONFIRMED', $2, $2)
       ON CONFLICT (pool_id, username_key) DO NOTHING RETURNING username_key`,
      [randomUUID(), NOW],
    );
    expect(inserted).toEqual([{ username_key: 'zed' }]);
  });
});
