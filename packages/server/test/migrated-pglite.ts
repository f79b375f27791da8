// An in-memory PGlite that starts out migrated, loaded from a snapshot of a migrated database
// instead of being created and migrated again: creating a PGlite runs initdb, which with the
// migrations took most of the setup time of the tests on PGlite. The snapshot (Database.snapshot, the
// archive backups use) is built once per set of migrations and PGlite version and kept in the
// system's temporary folder for every test file and worker; a change to any migration makes a new one.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/database.js';
import { migrate, readMigrations } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';

let snapshot: Promise<Blob> | undefined;

/** Where the snapshot of these migrations on this PGlite version is kept. */
async function snapshotFile(): Promise<string> {
  const hash = createHash('sha256');
  const manifest = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  hash.update(`pglite ${version}\n`);
  for (const migration of await readMigrations()) hash.update(`${migration.version} ${migration.name}\n${migration.sql}\n`);
  return path.join(tmpdir(), `steward-migrated-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function loadOrBuild(): Promise<Blob> {
  const file = await snapshotFile();
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not built yet: build it below.
  }
  const db = await openPgliteDatabase('memory://');
  let bytes: Uint8Array;
  try {
    await migrate(db);
    if (db.snapshot === undefined) throw new Error('PGlite offers no snapshot');
    bytes = await db.snapshot();
  } finally {
    await db.close();
  }
  // Written aside and renamed: a file or worker building it at the same time never reads half of one.
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } catch {
    await rm(partial, { force: true });
  }
  return new Blob([new Uint8Array(bytes)]);
}

/** Opens a fresh in-memory PGlite holding every migration (as `openPgliteDatabase('memory://')` followed by `migrate`). */
export async function openMigratedPglite(): Promise<Database> {
  snapshot ??= loadOrBuild();
  return openPgliteDatabase('memory://', { loadDataDir: await snapshot });
}
