// Backups of the embedded PGlite database: a gzipped tar archive of its data folder, taken by the
// process that holds the folder (PGlite allows one), between two statements, so the copy is as
// consistent as the folder after a power cut at that instant: every committed transaction, none
// half-done. Restoring unpacks it into a new folder, which a server then opens (and migrates, when
// the backup is older than the code). Steward's own file in the folder (its lock) never travels
// in an archive.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from '../db/database.js';
import { LOCK_FILE_NAME } from '../db/folder-lock.js';
import { openPgliteDatabase } from '../db/pglite-database.js';
import { dropTarEntries, tarEntries } from './tar-entries.js';

/** True for Steward's own files of a data folder (its lock and lock drafts): never archived or restored. */
export function isStewardFile(name: string): boolean {
  return name === LOCK_FILE_NAME || name.startsWith(`${LOCK_FILE_NAME}.`);
}

/** A backup file that cannot be restored (not an archive of a PGlite folder), or a target that is not new. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** The bytes of a backup of an open PGlite database: its folder's archive without Steward's files, gzipped. */
export async function pgliteBackup(db: Database): Promise<Buffer> {
  if (db.snapshot === undefined) throw new BackupError('Only the embedded PGlite database is backed up this way; back up PostgreSQL with pg_dump.');
  return gzipSync(dropTarEntries(await db.snapshot(), isStewardFile));
}

/** True when `dataDir` holds a PGlite (PostgreSQL) data folder. */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Writes a backup to `file` (readable by its owner only), through a temporary file renamed into
 * place: an older backup of the same name is replaced only by a complete new one.
 */
export async function writeBackupFile(file: string, bytes: Uint8Array): Promise<void> {
  const draft = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(draft, bytes, { mode: 0o600, flag: 'wx' });
    await rename(draft, file);
  } finally {
    await rm(draft, { force: true });
  }
}

/** What a restored folder holds. */
export interface RestoredDatabase {
  /** Users of every pool. */
  readonly users: number;
  /** The newest migration the backup had applied (a server on the folder applies newer ones). */
  readonly migration: number;
}

/** The tar archive of a backup file (gzipped or not), without Steward's files; BackupError if it is no PGlite folder. */
export function backupArchive(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  let tar: Uint8Array;
  try {
    tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
    if (!tarEntries(tar).some((entry) => entry.name === 'PG_VERSION')) throw new BackupError('no PG_VERSION');
  } catch {
    throw new BackupError('The file is not a Steward backup of an embedded PGlite database (a .tar.gz of its data folder).');
  }
  return dropTarEntries(tar, isStewardFile);
}

/**
 * Restores the backup `file` into `dataDir`, which must be new or empty (never over a database),
 * and opens it once to check it; the folder is held (locked) meanwhile, as a server would hold it.
 */
export async function restorePgliteBackup(file: string, dataDir: string): Promise<RestoredDatabase> {
  const archive = backupArchive(await readFile(file));
  if (holdsDatabase(dataDir)) throw new BackupError(`${dataDir} already holds a database: restore into a new folder, or move this one aside first.`);
  const present = existsSync(dataDir) ? (await readdir(dataDir)).filter((name) => !isStewardFile(name)) : [];
  if (present.length > 0) throw new BackupError(`${dataDir} is not empty (${present.slice(0, 3).join(', ')}…): restore into a new or empty folder.`);
  await mkdir(dataDir, { recursive: true });
  const db = await openPgliteDatabase(dataDir, { loadDataDir: new Blob([archive], { type: 'application/x-tar' }) });
  try {
    const [users] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const [migration] = await db.query<{ v: number }>('SELECT max(version)::int AS v FROM schema_migrations');
    return { users: users?.n ?? 0, migration: migration?.v ?? 0 };
  } finally {
    await db.close();
  }
}
