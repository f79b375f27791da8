// The dashboard's pre-computed totals (migration 0111): triggers on AccountMdl, TransactionMdl,
// PromiseMdl and contact_attempts append what each write changed to desk_rollup_delta in the writer's
// transaction; folding moves committed deltas into desk_rollup exactly once. The dashboard reads both,
// so folding only keeps the delta table short; it never changes an answer. docs/server.md,
// "The dashboard's totals".
import type { Database } from '../../db/database.js';
import type { Logger } from '../../user-pool/operations/logger.js';

/** How often a server process folds the dashboard's deltas. */
export const ROLLUP_FOLD_INTERVAL_MS = 5_000;

/** Moves every committed delta into the totals (one at a time across processes); returns how many delta rows it folded. */
export async function foldDashboardRollups(db: Database): Promise<number> {
  const rows = await db.transaction((tx) => tx.query<{ folded: string | number }>('SELECT desk_rollup_fold() AS folded'));
  return Number(rows[0]?.folded ?? 0);
}

const DEADLOCK = '40P01';
const REBUILD_ATTEMPTS = 3;

/**
 * Recomputes the totals from the base tables (writers wait meanwhile) and drops the deltas; returns
 * the number of total rows. A writer that already held one base table while the rebuild locked
 * another can deadlock with it: PostgreSQL then cancels one side, and a cancelled rebuild is retried.
 */
export async function rebuildDashboardRollups(db: Database): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const rows = await db.transaction((tx) => tx.query<{ total: string | number }>('SELECT desk_rollup_rebuild() AS total'));
      return Number(rows[0]?.total ?? 0);
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= REBUILD_ATTEMPTS) throw error;
    }
  }
}

/** Folds every `intervalMs` until the returned stop function is called (a failed fold is logged and retried next time). */
export function startRollupFolding(db: Database, log: Logger, intervalMs: number = ROLLUP_FOLD_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    // A fold slower than the interval (a big import) is not stacked on itself.
    if (busy) return;
    busy = true;
    running = foldDashboardRollups(db)
      // PGlite has no autovacuum: the folded (deleted) deltas' space is made reusable here, or the table would only grow.
      .then(async (folded) => (folded > 0 && db.kind === 'pglite' ? db.exec('VACUUM desk_rollup_delta') : undefined))
      .catch((error: unknown) => log.warn('dashboard totals: fold failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
