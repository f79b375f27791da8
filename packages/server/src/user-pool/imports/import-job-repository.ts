// User import jobs as stored (migration 0013) and as Cognito's UserImportJobType on the wire.
import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { epochSeconds } from '../../time/clock.js';
import { string } from '../wire/input-schema.js';
import { signUploadUrl } from './upload-url.js';

/** Cognito's UserImportJobStatusType. */
export type ImportJobStatus = 'Created' | 'Pending' | 'InProgress' | 'Stopping' | 'Expired' | 'Stopped' | 'Failed' | 'Succeeded';

/** How long a created job waits for StartUserImportJob before it is Expired (Cognito: 24–48 hours). */
export const IMPORT_JOB_EXPIRY_SECONDS = 24 * 3600;

/** JobId as Cognito checks it. */
export const importJobIdSchema = string({ min: 1, max: 55, pattern: /^import-[0-9a-zA-Z-]+$/ });

/** A job as stored (without its CSV). */
export interface ImportJobRecord {
  readonly id: string;
  readonly poolId: string;
  readonly name: string;
  readonly status: ImportJobStatus;
  readonly cloudWatchLogsRoleArn: string;
  readonly uploadExpiresAt: Date;
  readonly uploaded: boolean;
  readonly queueJobId: string | null;
  readonly nextRow: number;
  readonly importedUsers: number;
  readonly skippedUsers: number;
  readonly failedUsers: number;
  readonly completionMessage: string | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly completedAt: Date | null;
}

interface ImportJobRow {
  id: string;
  pool_id: string;
  name: string;
  status: ImportJobStatus;
  cloudwatch_logs_role_arn: string;
  upload_expires_at: Date | string;
  uploaded: boolean;
  queue_job_id: string | null;
  next_row: number;
  imported_users: number;
  skipped_users: number;
  failed_users: number;
  completion_message: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  completed_at: Date | string | null;
}

/** The columns of a job without its CSV (which may be many megabytes). */
export const IMPORT_JOB_COLUMNS =
  'id, pool_id, name, status, cloudwatch_logs_role_arn, upload_expires_at, uploaded_at IS NOT NULL AS uploaded, queue_job_id, next_row::int AS next_row, imported_users::int AS imported_users, skipped_users::int AS skipped_users, failed_users::int AS failed_users, completion_message, created_at, started_at, completed_at';

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** A stored row as a record. */
export function toImportJob(row: unknown): ImportJobRecord {
  const r = row as ImportJobRow;
  return {
    id: r.id,
    poolId: r.pool_id,
    name: r.name,
    status: r.status,
    cloudWatchLogsRoleArn: r.cloudwatch_logs_role_arn,
    uploadExpiresAt: new Date(r.upload_expires_at),
    uploaded: r.uploaded,
    queueJobId: r.queue_job_id,
    nextRow: Number(r.next_row),
    importedUsers: Number(r.imported_users),
    skippedUsers: Number(r.skipped_users),
    failedUsers: Number(r.failed_users),
    completionMessage: r.completion_message,
    createdAt: new Date(r.created_at),
    startedAt: dateOrNull(r.started_at),
    completedAt: dateOrNull(r.completed_at),
  };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new JobId: `import-` and ten letters/digits, as Cognito's. */
export function newImportJobId(): string {
  let suffix = '';
  for (let i = 0; i < 10; i++) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)] ?? 'A';
  return `import-${suffix}`;
}

/** The job as Cognito's UserImportJobType; PreSignedUrl while it waits for its file and start (status Created). */
export function importJobToWire(ctx: { readonly config: { readonly codePepper: string; readonly publicUrl: string }; readonly request?: { readonly baseUrl?: string } }, job: ImportJobRecord): Record<string, unknown> {
  const preSignedUrl = job.status === 'Created' ? signUploadUrl(ctx.config.codePepper, ctx.request?.baseUrl ?? ctx.config.publicUrl, job.id, job.uploadExpiresAt) : undefined;
  return {
    JobName: job.name,
    JobId: job.id,
    UserPoolId: job.poolId,
    ...(preSignedUrl !== undefined ? { PreSignedUrl: preSignedUrl } : {}),
    CreationDate: epochSeconds(job.createdAt),
    ...(job.startedAt !== null ? { StartDate: epochSeconds(job.startedAt) } : {}),
    ...(job.completedAt !== null ? { CompletionDate: epochSeconds(job.completedAt) } : {}),
    Status: job.status,
    CloudWatchLogsRoleArn: job.cloudWatchLogsRoleArn,
    ImportedUsers: job.importedUsers,
    SkippedUsers: job.skippedUsers,
    FailedUsers: job.failedUsers,
    ...(job.completionMessage !== null ? { CompletionMessage: job.completionMessage } : {}),
  };
}

/**
 * Marks the pool's jobs that were created and never started within IMPORT_JOB_EXPIRY_SECONDS as
 * Expired and drops their file, as Cognito deletes an unstarted job's data. Done lazily, before a
 * job is read, so no timer is needed.
 */
export async function expireUnstartedJobs(q: Queryable, poolId: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE user_import_jobs SET status = 'Expired', csv = NULL, completed_at = $2, completion_message = 'The job was not started in time.'
     WHERE pool_id = $1 AND status = 'Created' AND created_at <= $3`,
    [poolId, now, new Date(now.getTime() - IMPORT_JOB_EXPIRY_SECONDS * 1000)],
  );
}

/** The job `jobId` of the pool; ResourceNotFoundException when the pool has none by that id. */
export async function requireImportJob(q: Queryable, poolId: string, jobId: string, now: Date): Promise<ImportJobRecord> {
  await expireUnstartedJobs(q, poolId, now);
  const rows = await q.query(`SELECT ${IMPORT_JOB_COLUMNS} FROM user_import_jobs WHERE pool_id = $1 AND id = $2`, [poolId, jobId]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `Import job ${jobId} does not exist in user pool ${poolId}.`);
  return toImportJob(rows[0]);
}

/** The job `jobId` in any pool, or undefined (the upload route and the job handler know only the id). */
export async function findImportJob(q: Queryable, jobId: string): Promise<ImportJobRecord | undefined> {
  const rows = await q.query(`SELECT ${IMPORT_JOB_COLUMNS} FROM user_import_jobs WHERE id = $1`, [jobId]);
  return rows[0] === undefined ? undefined : toImportJob(rows[0]);
}
