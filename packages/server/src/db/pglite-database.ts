import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';
import type { Database, Queryable } from './database.js';
import { acquireFolderLock } from './folder-lock.js';

class TransactionQueryable implements Queryable {
  constructor(readonly tx: Transaction) {}
  async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.tx.query<T>(sql, params as unknown[]);
    return result.rows;
  }
}

/**
 * Opens an embedded PGlite database in `dataDir` (created if missing; held by this process until
 * closed, see folder-lock.ts) or in memory for `memory://`; with `loadDataDir`, the empty folder is
 * first filled from that archive (src/backup/).
 */
export async function openPgliteDatabase(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // Before PGlite touches the folder: a second process must not even start recovery on it.
  const lock = inMemory ? undefined : acquireFolderLock(dataDir);
  let db: PGlite;
  try {
    // loadDataDir (a restore): the archive is unpacked into the empty folder before PostgreSQL starts on it.
    db = await PGlite.create({ ...(inMemory ? {} : { dataDir }), ...(options.loadDataDir !== undefined ? { loadDataDir: options.loadDataDir } : {}) });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // PGlite runs one call at a time: those in flight beyond the first are queued (the metrics' view of its "pool").
  let inFlight = 0;
  const counted = async <R>(call: () => Promise<R>): Promise<R> => {
    inFlight += 1;
    try {
      return await call();
    } finally {
      inFlight -= 1;
    }
  };
  return {
    kind: 'pglite',
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return counted(async () => (await db.query<T>(sql, params as unknown[])).rows);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, finish?: () => string | undefined): Promise<T> {
      return counted(() =>
        db.transaction(async (tx) => {
          const value = await fn(new TransactionQueryable(tx));
          const last = finish?.();
          if (last !== undefined) await tx.exec(last);
          return value;
        }),
      );
    },
    async exec(sql: string, tx?: Queryable): Promise<void> {
      if (tx instanceof TransactionQueryable) await tx.tx.exec(sql);
      else await counted(() => db.exec(sql));
    },
    async close(): Promise<void> {
      if (!db.closed) await db.close();
      lock?.release();
    },
    async snapshot(): Promise<Uint8Array> {
      // Written out first, so a restore replays little WAL; PGlite runs the dump between statements.
      await db.exec('CHECKPOINT');
      const archive = await db.dumpDataDir('none');
      return new Uint8Array(await archive.arrayBuffer());
    },
    poolStats() {
      return { total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1), max: 1, inFlight };
    },
  };
}
