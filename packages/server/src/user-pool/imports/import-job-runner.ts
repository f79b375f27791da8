// The background run of a started import job, as a job of the queue (src/jobs/): reads the stored
// CSV, then writes it chunk by chunk (import-rows.ts), each chunk one transaction that also moves
// the job's counters and resume point. Between chunks it looks for a stop request (Stopping →
// Stopped), renews its lease and gives way when its runner stops; a run taken over after a crash
// starts after the last committed chunk.
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { Database } from '../../db/database.js';
import type { ClaimedJob } from '../../jobs/job-queue.js';
import type { JobContext, JobHandlers } from '../../jobs/job-runner.js';
import type { Clock } from '../../time/clock.js';
import type { Logger } from '../operations/logger.js';
import { findPool, type PoolRecord } from '../pools/pool-repository.js';
import { parseCsv, type CsvRow } from './csv.js';
import { findImportJob, type ImportJobStatus } from './import-job-repository.js';
import { aliasKeys, headerProblem, readRow, writeChunk, type FailedRow, type UserRow } from './import-rows.js';

/** The job-queue kind of an import run. */
export const USER_IMPORT_JOB = 'user-pool.import';

/** Rows per chunk (one transaction each) unless told otherwise. */
export const IMPORT_CHUNK_ROWS = 1000;

/** Lease renewed after each chunk: a chunk takes well under a second, so this leaves a wide margin. */
const LEASE_SECONDS = 300;

/** What an import run needs. */
export interface UserImportDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly log: Logger;
  /** Rows per chunk (IMPORT_CHUNK_ROWS). */
  readonly chunkRows?: number;
}

/** The payload of an import run. */
export interface UserImportPayload {
  readonly importJobId: string;
}

/** The job handlers of user imports, for startServer / a JobRunner. */
export function userImportJobHandlers(deps: UserImportDeps): JobHandlers {
  return { [USER_IMPORT_JOB]: (job, context) => runUserImport(deps, job, context) };
}

/** Runs (or resumes) the import of `job`; throws to have the queue retry it. */
export async function runUserImport(deps: UserImportDeps, job: ClaimedJob, context: JobContext): Promise<void> {
  const importJobId = (job.payload as Partial<UserImportPayload> | null)?.importJobId;
  if (typeof importJobId !== 'string') throw new Error(`job ${job.id} has no importJobId`);
  try {
    await importFile(deps, importJobId, context);
  } catch (error) {
    // The last attempt: the job will not be retried, so the import must not stay InProgress for ever.
    if (!context.signal.aborted && job.attempts >= job.maxAttempts) {
      await finish(deps, importJobId, 'Failed', `The import stopped on an error after ${job.attempts} attempt(s): ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000));
    }
    throw error;
  }
}

/** Ends the job with `status` (unless it already ended), drops its file and records the end. */
async function finish(deps: UserImportDeps, importJobId: string, status: Extract<ImportJobStatus, 'Succeeded' | 'Stopped' | 'Failed'>, message?: string): Promise<void> {
  const job = await findImportJob(deps.db, importJobId);
  if (job === undefined) return;
  const completion =
    message ??
    (job.failedUsers === 0 && job.skippedUsers === 0
      ? 'Import Job Completed Successfully.'
      : `Import Job Completed: ${job.importedUsers} imported, ${job.skippedUsers} skipped (already in the user pool), ${job.failedUsers} failed. The per-row report: cli user-import-report --job-id ${job.id}`);
  const now = deps.clock.now();
  await deps.audit.change(
    (tx) =>
      tx.query<{ id: string }>(
        `UPDATE user_import_jobs SET status = $2, completion_message = $3, completed_at = $4, csv = NULL
         WHERE id = $1 AND status IN ('Pending', 'InProgress', 'Stopping') RETURNING id`,
        [importJobId, status, completion, now],
      ),
    (rows) =>
      rows.length === 0
        ? undefined
        : {
            action: 'admin.user_import.finished',
            actor: { kind: 'system', name: 'user-import' },
            record: { type: 'UserImportJob', id: importJobId },
            details: { userPoolId: job.poolId, status, importedUsers: job.importedUsers, skippedUsers: job.skippedUsers, failedUsers: job.failedUsers },
          },
  );
}

/** Lets the event loop turn: PGlite settles its calls as microtasks, and the file is read in this thread. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads the file's rows once (yielding every 2 000, so requests are answered meanwhile) and marks a
 * username (or a verified alias) seen on an earlier row as a failed duplicate.
 */
async function readRows(pool: PoolRecord, header: readonly string[], rows: readonly CsvRow[]): Promise<(UserRow | FailedRow)[]> {
  const firstByKey = new Map<string, number>();
  const read: (UserRow | FailedRow)[] = [];
  for (let from = 0; from < rows.length; from += 2000) {
    read.push(...rows.slice(from, from + 2000).map((row) => readOne(pool, header, row, firstByKey)));
    await yieldToEventLoop();
  }
  return read;
}

/** One row, a failed duplicate when its username (or verified alias) is in `firstByKey` already. */
function readOne(pool: PoolRecord, header: readonly string[], row: CsvRow, firstByKey: Map<string, number>): UserRow | FailedRow {
  const read = readRow(pool, header, row);
  if (read.kind === 'failed') return read;
  const keys = [`name:${read.key}`, ...aliasKeys(pool, read)];
  for (const key of keys) {
    const first = firstByKey.get(key);
    if (first !== undefined) {
      const what = key.startsWith('name:') ? 'username' : key.startsWith('email:') ? 'verified email' : 'verified phone_number';
      return { kind: 'failed', number: read.number, username: read.username, message: `Duplicate ${what}: row ${first} has it already.` };
    }
  }
  for (const key of keys) firstByKey.set(key, read.number);
  return read;
}

async function currentStatus(db: Database, importJobId: string): Promise<ImportJobStatus | undefined> {
  const rows = await db.query<{ status: ImportJobStatus }>('SELECT status FROM user_import_jobs WHERE id = $1', [importJobId]);
  return rows[0]?.status;
}

async function importFile(deps: UserImportDeps, importJobId: string, context: JobContext): Promise<void> {
  const { db } = deps;
  const status = await currentStatus(db, importJobId);
  if (status === 'Stopping') return finish(deps, importJobId, 'Stopped', 'Import job stopped by request.');
  if (status !== 'Pending' && status !== 'InProgress') return; // gone, or ended already
  await db.query(`UPDATE user_import_jobs SET status = 'InProgress' WHERE id = $1 AND status = 'Pending'`, [importJobId]);
  const [stored] = await db.query<{ pool_id: string; csv: string | null; next_row: number }>('SELECT pool_id, csv, next_row::int AS next_row FROM user_import_jobs WHERE id = $1', [importJobId]);
  if (stored === undefined) return;
  const pool = await findPool(db, stored.pool_id);
  if (pool === undefined) return;
  const file = parseCsv(stored.csv ?? '');
  const problem = file.error ?? headerProblem(pool, file.header);
  if (problem !== undefined) return finish(deps, importJobId, 'Failed', problem);
  await yieldToEventLoop();
  const rows = await readRows(pool, file.header, file.rows);
  const chunkRows = Math.max(1, deps.chunkRows ?? IMPORT_CHUNK_ROWS);
  let next = Number(stored.next_row);
  while (next < rows.length) {
    // Between chunks: a runner that stops hands the job back (resumed from `next` later), a stop request ends it.
    if (context.signal.aborted) throw new Error('the job runner is stopping; the import resumes later');
    const now = await currentStatus(db, importJobId);
    if (now === 'Stopping') return finish(deps, importJobId, 'Stopped', 'Import job stopped by request.');
    if (now !== 'InProgress') return;
    const chunk = rows.slice(next, next + chunkRows);
    const end = next + chunk.length;
    await db.transaction((tx) => writeChunk(tx, pool, importJobId, chunk, end, deps.clock.now()));
    next = end;
    if (!(await context.extendLease(LEASE_SECONDS))) throw new Error(`import ${importJobId} lost its lease`);
    // PGlite runs in this thread and settles its calls as microtasks: without a turn of the event
    // loop between chunks, no request (a DescribeUserImportJob) would be read until the import ends.
    await yieldToEventLoop();
  }
  await finish(deps, importJobId, 'Succeeded');
}
