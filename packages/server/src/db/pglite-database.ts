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
 * closed, see folder-lock.ts) or in memory for `memory://`.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // Before PGlite touches the folder: a second process must not even start recovery on it.
  const lock = inMemory ? undefined : acquireFolderLock(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create(inMemory ? undefined : dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await db.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, finish?: () => string | undefined): Promise<T> {
      return db.transaction(async (tx) => {
        const value = await fn(new TransactionQueryable(tx));
        const last = finish?.();
        if (last !== undefined) await tx.exec(last);
        return value;
      });
    },
    async exec(sql: string, tx?: Queryable): Promise<void> {
      if (tx instanceof TransactionQueryable) await tx.tx.exec(sql);
      else await db.exec(sql);
    },
    async close(): Promise<void> {
      if (!db.closed) await db.close();
      lock?.release();
    },
  };
}
