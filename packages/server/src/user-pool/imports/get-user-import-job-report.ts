import { pageOffset, pageToken } from '../app-clients/page-tokens.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { importJobIdSchema, importJobToWire, requireImportJob } from './import-job-repository.js';
import { importReportRows } from './import-report.js';

/**
 * GetUserImportJobReport (Steward's own, where Cognito writes to CloudWatch Logs): the job and the
 * rows of its file that failed or were skipped, with why, MaxResults (1–1000, default 100) at a time.
 */
export const getUserImportJobReport = defineOperation(
  'GetUserImportJobReport',
  object({ UserPoolId: userPoolIdSchema, JobId: importJobIdSchema, MaxResults: optional(integer(1, 1000)), NextToken: optional(string({ min: 1, max: 64, pattern: /^[\w-]+$/ })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('job', (ctx, i, s) => requireImportJob(ctx.db, s.pool.id, i.JobId, ctx.clock.now()))
  .step('page', async (ctx, i, s) => {
    const offset = pageOffset(i.NextToken);
    const limit = i.MaxResults ?? 100;
    const rows = await importReportRows(ctx.db, s.job.id, limit + 1, offset);
    return { rows: rows.slice(0, limit), next: rows.length > limit ? pageToken(offset + limit) : undefined };
  })
  .respond((ctx, _i, s) => ({
    UserImportJob: importJobToWire(ctx, s.job),
    Rows: s.page.rows.map((r) => ({ RowNumber: r.rowNumber, ...(r.username !== null ? { Username: r.username } : {}), Outcome: r.outcome, Message: r.message })),
    ...(s.page.next !== undefined ? { NextToken: s.page.next } : {}),
  }));
