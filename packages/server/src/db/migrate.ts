import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { shippedPath } from '../runtime/code-location.js';
import type { Database } from './database.js';

/** Folder of the versioned SQL migrations (`NNNN_name.sql`): src/db/migrations, or its copy in dist/. */
export const MIGRATIONS_DIR = shippedPath('db/migrations');

/** One migration file: its version number, name and SQL. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Reads the migrations of `dir`, ordered by version; rejects duplicate versions. Versions may have gaps:
 * each domain numbers in its own range (0001-0099 user pool and server (jobs), 0100-0199 data API).
 */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
    if (match === null) throw new Error(`migration file name must be NNNN_name.sql: ${file}`);
    migrations.push({ version: Number(match[1]), name: match[2] ?? '', sql: await readFile(path.join(dir, file), 'utf8') });
  }
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (previous !== undefined && previous.version === m.version) throw new Error(`two migrations share version ${m.version}`);
  });
  return migrations;
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in order, in one transaction
 * holding a transaction-level advisory lock, so several processes starting on one PostgreSQL
 * migrate exactly once. Returns the versions applied now.
 */
export async function migrate(db: Database, migrations?: readonly Migration[]): Promise<number[]> {
  const all = migrations ?? (await readMigrations());
  return db.transaction(async (tx) => {
    // The lock key includes the schema so suites on separate schemas do not wait for each other.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('steward-migrations:' || current_schema()))`);
    await db.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
      tx,
    );
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.version)));
    const done: number[] = [];
    for (const migration of all) {
      if (applied.has(migration.version)) continue;
      await db.exec(migration.sql, tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}
