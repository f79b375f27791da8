import { pageOffset, pageToken } from '../app-clients/page-tokens.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { expireUnstartedJobs, IMPORT_JOB_COLUMNS, importJobToWire, toImportJob } from './import-job-repository.js';

/** ListUserImportJobs: the pool's jobs, oldest first, MaxResults (1–60) at a time, paged by PaginationToken. */
export const listUserImportJobs = defineOperation(
  'ListUserImportJobs',
  object({ UserPoolId: userPoolIdSchema, MaxResults: integer(1, 60), PaginationToken: optional(string({ min: 1, max: 131072, pattern: /^[\S]+$/ })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('page', async (ctx, i, s) => {
    const offset = pageOffset(i.PaginationToken);
    await expireUnstartedJobs(ctx.db, s.pool.id, ctx.clock.now());
    const rows = await ctx.db.query(`SELECT ${IMPORT_JOB_COLUMNS} FROM user_import_jobs WHERE pool_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`, [s.pool.id, i.MaxResults + 1, offset]);
    return { jobs: rows.slice(0, i.MaxResults).map(toImportJob), next: rows.length > i.MaxResults ? pageToken(offset + i.MaxResults) : undefined };
  })
  .respond((ctx, _i, s) => ({ UserImportJobs: s.page.jobs.map((job) => importJobToWire(ctx, job)), ...(s.page.next !== undefined ? { PaginationToken: s.page.next } : {}) }));
