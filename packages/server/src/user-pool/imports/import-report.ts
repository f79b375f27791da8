// The per-row report of an import job (what Cognito writes to CloudWatch Logs): every row that
// failed or was skipped, with why, as `cli user-import-report --job-id <id>` prints it.
import type { Queryable } from '../../db/database.js';
import { findImportJob } from './import-job-repository.js';

/** One reported row. */
export interface ImportReportRow {
  readonly rowNumber: number;
  readonly username: string | null;
  readonly outcome: 'failed' | 'skipped';
  readonly message: string;
}

/** Reported rows of the job, by row number, `limit` from `offset`. */
export async function importReportRows(q: Queryable, jobId: string, limit: number, offset = 0): Promise<ImportReportRow[]> {
  const rows = await q.query<{ row_number: number; username: string | null; outcome: 'failed' | 'skipped'; message: string }>(
    'SELECT row_number::int AS row_number, username, outcome, message FROM user_import_row_reports WHERE job_id = $1 ORDER BY row_number LIMIT $2 OFFSET $3',
    [jobId, limit, offset],
  );
  return rows.map((r) => ({ rowNumber: Number(r.row_number), username: r.username, outcome: r.outcome, message: r.message }));
}

/** The job's summary line and all its reported rows (1 = the first data row), or undefined when there is no such job. */
export async function importReport(q: Queryable, jobId: string): Promise<{ readonly summary: string; readonly rows: readonly ImportReportRow[] } | undefined> {
  const job = await findImportJob(q, jobId);
  if (job === undefined) return undefined;
  const summary = `${job.id} (${job.name}) in ${job.poolId}: ${job.status}, ${job.importedUsers} imported, ${job.skippedUsers} skipped, ${job.failedUsers} failed.${job.completionMessage !== null ? ` ${job.completionMessage}` : ''}`;
  return { summary, rows: await importReportRows(q, jobId, 1_000_000_000) };
}

/** The report as printed lines: the summary, then one line per reported row. */
export function formatImportReport(report: { readonly summary: string; readonly rows: readonly ImportReportRow[] }): string[] {
  return [report.summary, ...report.rows.map((r) => `row ${r.rowNumber}\t${r.outcome}\t${r.username ?? '(no username)'}\t${r.message}`)];
}
