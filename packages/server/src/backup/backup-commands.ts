// `cli backup <file>` and `cli restore <file>` for the embedded PGlite database. A backup is
// asked of the running server when one holds the folder (over its backup socket), else taken from
// the stopped folder directly. PostgreSQL is backed up with its own tools: the commands say how.
import path from 'node:path';
import { loadConfig, type Config } from '../config/config.js';
import { openPgliteDatabase } from '../db/pglite-database.js';
import { requestBackupFromServer } from './backup-socket.js';
import { BackupError, holdsDatabase, pgliteBackup, restorePgliteBackup, writeBackupFile } from './pglite-backup.js';

/** Help lines of the backup commands, for the CLI's help. */
export const BACKUP_HELP = `  backup <file>   Writes a backup of the embedded PGlite database (DATA_DIR) to <file> (.tar.gz),
                  through the running server if one holds the folder, or from the stopped folder.
  restore <file>  Restores a backup into DATA_DIR, which must be a new or empty folder.
                  With DATABASE_URL (PostgreSQL), use pg_dump and pg_restore: docs/operations.md.`;

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The pg_dump and pg_restore commands for the configured PostgreSQL database. */
function postgresHint(config: Config): string {
  const schema = config.databaseSchema === 'public' ? '' : ` --schema=${config.databaseSchema}`;
  return [
    'With DATABASE_URL set, the database is PostgreSQL: back it up and restore it with its own tools (docs/operations.md, "Backups"):',
    `  pg_dump --format=custom${schema} --file=steward.dump "$DATABASE_URL"`,
    '  createdb steward_restored && pg_restore --exit-on-error --no-owner --dbname=<URL of steward_restored> steward.dump',
  ].join('\n');
}

/** Runs `backup <file>` or `restore <file>`; returns the exit code. */
export async function runBackupCommand(command: 'backup' | 'restore', args: readonly string[], env: Readonly<Record<string, string | undefined>>, print: (line: string) => void): Promise<number> {
  const [target, ...extra] = args;
  if (target === undefined || target === '' || target.startsWith('-') || extra.length > 0) {
    print(`Usage: cli ${command} <file>`);
    return 1;
  }
  const config = loadConfig(env);
  if (config.databaseUrl !== undefined) {
    print(postgresHint(config));
    return 1;
  }
  if (config.dataDir.startsWith('memory://')) throw new BackupError('DATA_DIR is in memory: there is nothing to back up or restore into.');
  const file = path.resolve(target);
  const dataDir = path.resolve(config.dataDir);

  if (command === 'restore') {
    const restored = await restorePgliteBackup(file, dataDir);
    print(`Restored ${file} into ${dataDir}: ${String(restored.users)} users, migrations up to ${String(restored.migration)}.`);
    print('Start the server on it with the same CODE_PEPPER, SIGNING_KEY_SECRET and DATA_SEALING_SECRET as the backed-up server.');
    return 0;
  }

  const fromServer = await requestBackupFromServer(dataDir);
  let bytes: Buffer;
  if (fromServer !== undefined) {
    bytes = fromServer;
  } else {
    if (!holdsDatabase(dataDir)) throw new BackupError(`${dataDir} holds no database.`);
    // No server answers: open the folder (DatabaseLockedError if a server holds it without a socket).
    const db = await openPgliteDatabase(dataDir);
    try {
      bytes = await pgliteBackup(db);
    } finally {
      await db.close();
    }
  }
  await writeBackupFile(file, bytes);
  print(`Backed up ${dataDir} (${fromServer !== undefined ? 'through the running server' : 'the stopped folder'}) to ${file}, ${megabytes(bytes.length)}.`);
  return 0;
}
