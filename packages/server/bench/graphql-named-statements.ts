// Bench-only experiment: a PostgreSQL Database adapter that sends every SELECT as a named
// (prepared) statement, so PostgreSQL parses and plans each distinct text once per connection.
// The shipped adapter (src/db/postgres-database.ts) sends unnamed statements; this measures what
// offering named statements through the Database port would gain. Not for production as is: the
// number of distinct texts is not bounded here.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../src/db/database.js';

/** Wraps `base` (same database and schema) so its SELECTs run as named statements on a pool of `poolSize`. */
export function withNamedStatements(base: Database, postgresUrl: string, schema: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: postgresUrl, max: poolSize, options: `-c search_path="${schema}"` });
  pool.on('error', () => undefined);
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    if (!sql.startsWith('SELECT')) return undefined;
    let name = names.get(sql);
    if (name === undefined) {
      name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
      names.set(sql, name);
    }
    return name;
  };
  return {
    kind: base.kind,
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await pool.query<T>({ name: nameOf(sql), text: sql, values: params as unknown[] });
      return result.rows;
    },
    transaction: (fn) => base.transaction(fn),
    exec: (sql, tx) => base.exec(sql, tx),
    async close(): Promise<void> {
      await pool.end();
      await base.close();
    },
  };
}
