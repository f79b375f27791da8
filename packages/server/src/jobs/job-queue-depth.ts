// How much work waits in the job queue (for the metrics, read at each scrape): one statement, each
// count over a partial index of 0007_jobs.sql (jobs_due, jobs_leases), so finished jobs, however
// many are kept, cost nothing.
import type { Queryable } from '../db/database.js';

/** The queue at one moment. */
export interface JobQueueDepth {
  /** Pending jobs whose time has come (run_at ≤ now): work the runners have not claimed yet. */
  readonly due: number;
  /** Pending jobs planned for later. */
  readonly scheduled: number;
  /** Jobs a runner holds the lease of. */
  readonly running: number;
  /** run_at of the oldest due job; null when none is due. */
  readonly oldestDueAt: Date | null;
}

/** Reads the queue's depth at `now` (the server's clock). */
export async function readJobQueueDepth(db: Queryable, now: Date): Promise<JobQueueDepth> {
  const rows = await db.query<{ due: number; scheduled: number; running: number; oldest_due: Date | string | null }>(
    `SELECT (SELECT count(*)::int FROM jobs WHERE state = 'pending' AND run_at <= $1) AS due,
            (SELECT count(*)::int FROM jobs WHERE state = 'pending' AND run_at > $1) AS scheduled,
            (SELECT count(*)::int FROM jobs WHERE state = 'running') AS running,
            (SELECT min(run_at) FROM jobs WHERE state = 'pending' AND run_at <= $1) AS oldest_due`,
    [now],
  );
  const row = rows[0];
  if (row === undefined) return { due: 0, scheduled: 0, running: 0, oldestDueAt: null };
  return { due: Number(row.due), scheduled: Number(row.scheduled), running: Number(row.running), oldestDueAt: row.oldest_due === null ? null : new Date(row.oldest_due) };
}
