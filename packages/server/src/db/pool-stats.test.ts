// poolStats() of both adapters, the source of the database gauges of /metrics: what they say while
// calls queue up, and once they are done.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../../test/harness.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

describe('poolStats', () => {
  const schema = `pool_stats_${randomBytes(4).toString('hex')}`;

  afterAll(async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('PGlite: one connection, and the calls behind the running one counted as waiting', async () => {
    const db = await openPgliteDatabase('memory://');
    try {
      expect(db.poolStats?.()).toEqual({ total: 1, idle: 1, waiting: 0, max: 1, inFlight: 0 });
      const calls = [db.query('SELECT 1'), db.transaction((tx) => tx.query('SELECT 2')), db.exec('SELECT 3')];
      expect(db.poolStats?.()).toEqual({ total: 1, idle: 0, waiting: 2, max: 1, inFlight: 3 });
      await Promise.all(calls);
      expect(db.poolStats?.()).toEqual({ total: 1, idle: 1, waiting: 0, max: 1, inFlight: 0 });
    } finally {
      await db.close();
    }
  }, 120_000);

  it("PostgreSQL: the pool's open, idle and waiting counts", async () => {
    const db = await openPostgresDatabase(TEST_POSTGRES_URL, schema, 2);
    try {
      const calls = Array.from({ length: 4 }, () => db.query('SELECT pg_sleep(1.5)'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(db.poolStats?.()).toEqual({ total: 2, idle: 0, waiting: 2, max: 2, inFlight: 4 });
      await Promise.all(calls);
      expect(db.poolStats?.()).toEqual({ total: 2, idle: 2, waiting: 0, max: 2, inFlight: 0 });
    } finally {
      await db.close();
    }
  });
});
