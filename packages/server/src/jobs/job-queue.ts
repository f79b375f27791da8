// A small PostgreSQL job queue on the Database port (PGlite or PostgreSQL): rows in `jobs`, claimed
// with FOR UPDATE SKIP LOCKED under a lease, retried with exponential backoff. docs/server.md "Jobs".
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import type { Clock } from '../time/clock.js';

/** Where a job is in its life. */
export type JobState = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** A job as stored. */
export interface Job {
  readonly id: string;
  readonly kind: string;
  readonly payload: unknown;
  readonly dedupeKey: string | null;
  readonly state: JobState;
  readonly runAt: Date;
  /** Claims so far, the running one included. */
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly lastError: string | null;
}

/** A job this runner holds the lease of; complete/fail need the lease. */
export interface ClaimedJob extends Job {
  readonly leaseId: string;
  readonly lockedUntil: Date;
}

/** What to enqueue. */
export interface EnqueueRequest {
  readonly kind: string;
  /** JSON-serialisable input of the handler. */
  readonly payload?: unknown;
  /** Earliest time to run; default now. */
  readonly runAt?: Date;
  /** Names the work: a second enqueue with the same kind and key returns the first job. */
  readonly dedupeKey?: string;
  /** Claims before the job is marked failed; default the queue's. */
  readonly maxAttempts?: number;
}

/** Tuning of a queue; every field has a default. */
export interface JobQueueOptions {
  /** Default max attempts of a job (5). */
  readonly maxAttempts?: number;
  /** Delay before the first retry, doubled on each further one (30 s). */
  readonly backoffBaseSeconds?: number;
  /** Longest retry delay (1 h). */
  readonly backoffMaxSeconds?: number;
}

/** What a failure did to the job. */
export type FailOutcome = 'retrying' | 'failed' | 'lease-lost';

interface JobRow {
  id: string;
  kind: string;
  payload: unknown;
  dedupe_key: string | null;
  state: JobState;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  lease_id: string | null;
  locked_until: Date | string | null;
}

const COLUMNS = 'id, kind, payload, dedupe_key, state, run_at, attempts::int AS attempts, max_attempts::int AS max_attempts, last_error, lease_id, locked_until';

/** COLUMNS with the table named, for statements that join (UPDATE … FROM). */
const QUALIFIED_COLUMNS = COLUMNS.split(', ').map((column) => `jobs.${column}`).join(', ');

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    dedupeKey: row.dedupe_key,
    state: row.state,
    runAt: new Date(row.run_at),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lastError: row.last_error,
  };
}

/** The retry delay after the `attempts`-th failed attempt: base · 2^(attempts-1), capped. */
export function backoffSeconds(attempts: number, baseSeconds: number, maxSeconds: number): number {
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

/** The queue over the `jobs` table; several runners in several processes may share it. */
export class JobQueue {
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly maxAttempts: number;
  private readonly backoffBaseSeconds: number;
  private readonly backoffMaxSeconds: number;

  constructor(deps: { readonly db: Database; readonly clock: Clock }, options: JobQueueOptions = {}) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoffBaseSeconds = options.backoffBaseSeconds ?? 30;
    this.backoffMaxSeconds = options.backoffMaxSeconds ?? 3600;
  }

  /** Adds a job (inside `tx` when given, so it commits with the caller's writes); `created` is false when the dedupe key already named one. */
  async enqueue(request: EnqueueRequest, tx: Queryable = this.db): Promise<{ readonly job: Job; readonly created: boolean }> {
    const now = this.clock.now();
    const maxAttempts = request.maxAttempts ?? this.maxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`);
    const inserted = await tx.query<JobRow>(
      `INSERT INTO jobs (id, kind, payload, dedupe_key, state, run_at, max_attempts, created_at, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, 'pending', $5, $6, $7, $7)
       ON CONFLICT (kind, dedupe_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [randomUUID(), request.kind, JSON.stringify(request.payload ?? {}), request.dedupeKey ?? null, request.runAt ?? now, maxAttempts, now],
    );
    const row = inserted[0];
    if (row !== undefined) return { job: toJob(row), created: true };
    // Only a dedupe key can conflict (ids are fresh), so the first job exists.
    const existing = await tx.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE kind = $1 AND dedupe_key = $2`, [request.kind, request.dedupeKey ?? null]);
    const first = existing[0];
    if (first === undefined) throw new Error(`job ${request.kind}/${String(request.dedupeKey)} conflicted but is gone`);
    return { job: toJob(first), created: false };
  }

  /**
   * Adds many jobs in one statement (inside `tx` when given), in the order of `requests`; a request
   * whose dedupe key already names a job gets that job, as with enqueue.
   */
  async enqueueMany(requests: readonly EnqueueRequest[], tx: Queryable = this.db): Promise<{ readonly job: Job; readonly created: boolean }[]> {
    if (requests.length === 0) return [];
    const now = this.clock.now();
    const rows = requests.map((request) => {
      const maxAttempts = request.maxAttempts ?? this.maxAttempts;
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`);
      return { id: randomUUID(), request, maxAttempts };
    });
    const inserted = await tx.query<JobRow>(
      `INSERT INTO jobs (id, kind, payload, dedupe_key, state, run_at, max_attempts, created_at, updated_at)
       SELECT u.id, u.kind, u.payload::jsonb, u.dedupe_key, 'pending', u.run_at, u.max_attempts, $7, $7
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::int[]) AS u(id, kind, payload, dedupe_key, run_at, max_attempts)
       ON CONFLICT (kind, dedupe_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.request.kind),
        rows.map((r) => JSON.stringify(r.request.payload ?? {})),
        rows.map((r) => r.request.dedupeKey ?? null),
        rows.map((r) => r.request.runAt ?? now),
        rows.map((r) => r.maxAttempts),
        now,
      ],
    );
    const byId = new Map(inserted.map((row) => [row.id, toJob(row)]));
    const results: { job: Job; created: boolean }[] = [];
    for (const row of rows) {
      const created = byId.get(row.id);
      if (created !== undefined) results.push({ job: created, created: true });
      // Only a dedupe key can conflict (ids are fresh): the first job exists.
      else results.push(await this.enqueue(row.request, tx));
    }
    return results;
  }

  /**
   * Takes up to `limit` due pending jobs of `kinds` (oldest run_at first) and leases them to `workerId`
   * for `leaseSeconds`. SKIP LOCKED makes concurrent claimers take disjoint rows without waiting.
   */
  async claim(options: { readonly kinds: readonly string[]; readonly workerId: string; readonly leaseSeconds: number; readonly limit?: number }): Promise<ClaimedJob[]> {
    if (options.kinds.length === 0) return [];
    const now = this.clock.now();
    const lockedUntil = new Date(now.getTime() + options.leaseSeconds * 1000);
    // The due rows are picked in a MATERIALIZED CTE: as `WHERE id IN (SELECT … LIMIT n)` the planner
    // may re-run the subquery and claim more than n rows. One lease id per row (gen_random_uuid()).
    const rows = await this.db.query<JobRow>(
      `WITH due AS MATERIALIZED (
         SELECT id FROM jobs
         WHERE state = 'pending' AND run_at <= $3 AND kind = ANY($4::text[])
         ORDER BY run_at, id
         LIMIT $5
         FOR UPDATE SKIP LOCKED)
       UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_id = gen_random_uuid(), locked_by = $1,
              locked_until = $2, updated_at = $3
       FROM due WHERE jobs.id = due.id
       RETURNING ${QUALIFIED_COLUMNS}`,
      [options.workerId, lockedUntil, now, [...options.kinds], options.limit ?? 1],
    );
    return rows
      .map((row) => ({ ...toJob(row), leaseId: row.lease_id ?? '', lockedUntil: new Date(row.locked_until ?? lockedUntil) }))
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id.localeCompare(b.id));
  }

  /** Marks a claimed job done; false when its lease was lost (expired and taken over), and then nothing changes. */
  async complete(job: ClaimedJob): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.db.query<{ id: string }>(
      `UPDATE jobs SET state = 'done', lease_id = NULL, locked_by = NULL, locked_until = NULL, finished_at = $3, updated_at = $3
       WHERE id = $1 AND lease_id = $2 AND state = 'running' RETURNING id`,
      [job.id, job.leaseId, now],
    );
    return rows.length === 1;
  }

  /** Records a failed attempt: back to pending after the backoff, or failed after the last attempt. */
  async fail(job: ClaimedJob, error: unknown): Promise<FailOutcome> {
    const now = this.clock.now();
    const message = error instanceof Error ? error.message : String(error);
    const last = job.attempts >= job.maxAttempts;
    const retryAt = new Date(now.getTime() + backoffSeconds(job.attempts, this.backoffBaseSeconds, this.backoffMaxSeconds) * 1000);
    const rows = await this.db.query<{ state: JobState }>(
      `UPDATE jobs SET state = $3::text, run_at = CASE WHEN $3::text = 'pending' THEN $4::timestamptz ELSE run_at END, last_error = $5,
              lease_id = NULL, locked_by = NULL, locked_until = NULL, updated_at = $6::timestamptz,
              finished_at = CASE WHEN $3::text = 'failed' THEN $6::timestamptz ELSE NULL END
       WHERE id = $1 AND lease_id = $2 AND state = 'running' RETURNING state`,
      [job.id, job.leaseId, last ? 'failed' : 'pending', retryAt, message.slice(0, 2000), now],
    );
    if (rows.length === 0) return 'lease-lost';
    return last ? 'failed' : 'retrying';
  }

  /**
   * Hands a claimed job back without a verdict (its runner is stopping): pending again, due now, and
   * the claim not counted as an attempt, so another runner (or this one after a restart) takes it at
   * once instead of after the lease. False when the lease was already lost.
   */
  async release(job: ClaimedJob, reason: string): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.db.query<{ id: string }>(
      `UPDATE jobs SET state = 'pending', run_at = $3, attempts = GREATEST(attempts - 1, 0), last_error = $4,
              lease_id = NULL, locked_by = NULL, locked_until = NULL, updated_at = $3
       WHERE id = $1 AND lease_id = $2 AND state = 'running' RETURNING id`,
      [job.id, job.leaseId, now, reason.slice(0, 2000)],
    );
    return rows.length === 1;
  }

  /**
   * Puts running jobs whose lease has expired (their runner crashed or hung) back to pending, due now,
   * or marks them failed when that was their last attempt. Returns how many were reclaimed.
   */
  async reclaimExpiredLeases(): Promise<number> {
    const now = this.clock.now();
    const rows = await this.db.query<{ id: string }>(
      `UPDATE jobs SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
              finished_at = CASE WHEN attempts >= max_attempts THEN $1::timestamptz ELSE NULL END,
              run_at = $1::timestamptz, last_error = 'lease expired (runner stopped or too slow)',
              lease_id = NULL, locked_by = NULL, locked_until = NULL, updated_at = $1::timestamptz
       WHERE state = 'running' AND locked_until <= $1::timestamptz RETURNING id`,
      [now],
    );
    return rows.length;
  }

  /** Pushes the lease of a job still running further, for handlers that may outlast it; false when it was lost. */
  async extendLease(job: ClaimedJob, leaseSeconds: number): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.db.query<{ id: string }>(
      `UPDATE jobs SET locked_until = $3, updated_at = $4 WHERE id = $1 AND lease_id = $2 AND state = 'running' RETURNING id`,
      [job.id, job.leaseId, new Date(now.getTime() + leaseSeconds * 1000), now],
    );
    return rows.length === 1;
  }

  /** Cancels the jobs of `ids` that are still pending (inside `tx` when given); returns how many. Running or finished jobs are left as they are. */
  async cancel(ids: readonly string[], tx: Queryable = this.db): Promise<number> {
    if (ids.length === 0) return 0;
    const now = this.clock.now();
    const rows = await tx.query<{ id: string }>(
      `UPDATE jobs SET state = 'cancelled', finished_at = $2, updated_at = $2 WHERE id = ANY($1::uuid[]) AND state = 'pending' RETURNING id`,
      [[...ids], now],
    );
    return rows.length;
  }

  /** One job by id, or undefined. */
  async get(id: string): Promise<Job | undefined> {
    const rows = await this.db.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
    const row = rows[0];
    return row === undefined ? undefined : toJob(row);
  }
}
