import pg from 'pg';
import type { Database, Queryable } from './database.js';

class ClientQueryable implements Queryable {
  constructor(readonly client: pg.PoolClient) {}
  async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.client.query<T>(sql, params as unknown[]);
    return result.rows;
  }
}

/**
 * Opens a node-postgres pool on `url`, with every connection's search_path set to `schema`
 * (created if missing), so that separate schemas in one database are separate stores.
 */
export async function openPostgresDatabase(url: string, schema = 'public', poolSize = 10): Promise<Database> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // Two processes creating the same schema at once: the loser sees a unique violation.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await setup.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c search_path="${schema}"` });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await pool.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, finish?: () => string | undefined): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(new ClientQueryable(client));
        const last = finish?.();
        // One simple-protocol message: the server runs the script and commits without waiting for us.
        await client.query(last === undefined ? 'COMMIT' : `${last};\nCOMMIT`);
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql: string, tx?: Queryable): Promise<void> {
      if (tx instanceof ClientQueryable) await tx.client.query(sql);
      else await pool.query(sql);
    },
    async close(): Promise<void> {
      await pool.end();
    },
    poolStats() {
      // A busy connection runs one call; the rest wait for one.
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize, inFlight: pool.totalCount - pool.idleCount + pool.waitingCount };
    },
  };
}
