// The raw-SQL floor of the desk benchmark: the services' own statements, captured by running each
// service once in the load generator over a recording adapter, then replayed through a plain `pg` pool
// (no HTTP, no GraphQL, no token, no rules, no JavaScript between statements). A posting is captured
// inside a transaction that is rolled back, so the capture writes nothing.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Database, Queryable } from '../src/db/database.js';

/** One statement as a service sent it. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** A Queryable that forwards to `inner` and records every statement in `into`. */
export function recording(inner: Queryable, into: Statement[]): Queryable {
  return {
    query: <T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
      into.push({ sql, params: [...params] });
      return inner.query<T>(sql, params);
    },
  };
}

class RolledBack extends Error {}

/** A Database whose transactions record their statements in `into` and are then rolled back. */
export function rollingBack(inner: Database, into: Statement[]): Database {
  return {
    kind: inner.kind,
    query: (sql, params) => recording(inner, into).query(sql, params),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      let result: T | undefined;
      try {
        await inner.transaction(async (tx) => {
          result = await fn(recording(tx, into));
          throw new RolledBack('captured');
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      return result as T;
    },
    exec: (sql, tx) => inner.exec(sql, tx),
    close: () => inner.close(),
  };
}

/** Runs the statements one after another (as the service does). */
export async function runSequential(pool: pg.Pool, statements: readonly Statement[]): Promise<number> {
  let rows = 0;
  for (const s of statements) rows += (await pool.query(s.sql, s.params as unknown[])).rowCount ?? 0;
  return rows;
}

/** Runs the statements at once on the pool (as a Promise.all of the service). */
export async function runParallel(pool: pg.Pool, statements: readonly Statement[]): Promise<number> {
  const results = await Promise.all(statements.map((s) => pool.query(s.sql, s.params as unknown[])));
  return results.reduce((n, r) => n + (r.rowCount ?? 0), 0);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Replays a captured posting in one transaction with fresh ids and reference (every UUID in a text parameter is renamed consistently). */
export async function replayTransaction(pool: pg.Pool, statements: readonly Statement[]): Promise<void> {
  const renamed = new Map<string, string>();
  const rename = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    return value.replace(UUID, (id) => {
      const known = renamed.get(id);
      if (known !== undefined) return known;
      const fresh = randomUUID();
      renamed.set(id, fresh);
      return fresh;
    });
  };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const s of statements) await client.query(s.sql, s.params.map(rename));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
