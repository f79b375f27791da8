import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from './migrate.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('migrations', () => {
  it('are ordered by strictly increasing version, user pool first and data API from 0100', async () => {
    const versions = (await readMigrations()).map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect(versions[0]).toBe(1);
    expect(versions).toContain(100);
  });

  it('apply once on PGlite and are a no-op the second time', async () => {
    const db = await openPgliteDatabase('memory://');
    try {
      const first = await migrate(db);
      expect(first.length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
      const tables = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['users', 'auth_sessions', 'refresh_tokens', 'signing_keys', 'rate_limit_counters', 'schema_migrations']));
    } finally {
      await db.close();
    }
  });

  it('apply exactly once when several processes migrate one PostgreSQL schema at the same time', async () => {
    const schema = `t_mig_${randomBytes(4).toString('hex')}`;
    const dbs = await Promise.all([1, 2, 3].map(() => openPostgresDatabase(TEST_POSTGRES_URL, schema, 2)));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      const all = (await readMigrations()).map((m) => m.version);
      // One of them applied everything; the others found nothing left to do.
      expect(applied.filter((a) => a.length > 0)).toEqual([all]);
      const rows = await dbs[0].query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => Number(r.version))).toEqual(all);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      await client.end();
    }
  });

  it('roll back a failing migration completely', async () => {
    const db = await openPgliteDatabase('memory://');
    try {
      const broken = [
        { version: 1, name: 'ok', sql: 'CREATE TABLE a (x int);' },
        { version: 2, name: 'broken', sql: 'CREATE TABLE b (x int); SELECT * FROM missing_table;' },
      ];
      await expect(migrate(db, broken)).rejects.toThrow();
      const tables = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name IN ('a', 'b', 'schema_migrations')`);
      expect(tables).toHaveLength(0);
    } finally {
      await db.close();
    }
  });
});
