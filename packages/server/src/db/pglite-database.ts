import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';
import type { Database, Queryable } from './database.js';

class TransactionQueryable implements Queryable {
  constructor(readonly tx: Transaction) {}
  async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.tx.query<T>(sql, params as unknown[]);
    return result.rows;
  }
}

/** Opens an embedded PGlite database in `dataDir` (created if missing) or in memory for `memory://`. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(inMemory ? undefined : dataDir);
  return {
    kind: 'pglite',
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await db.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(new TransactionQueryable(tx)));
    },
    async exec(sql: string, tx?: Queryable): Promise<void> {
      if (tx instanceof TransactionQueryable) await tx.tx.exec(sql);
      else await db.exec(sql);
    },
    async close(): Promise<void> {
      if (!db.closed) await db.close();
    },
  };
}
