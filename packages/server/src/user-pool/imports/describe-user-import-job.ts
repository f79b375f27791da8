import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { importJobIdSchema, importJobToWire, requireImportJob } from './import-job-repository.js';

/** DescribeUserImportJob: the job with its status and counts so far (they move while it runs). */
export const describeUserImportJob = defineOperation('DescribeUserImportJob', object({ UserPoolId: userPoolIdSchema, JobId: importJobIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('job', (ctx, i, s) => requireImportJob(ctx.db, s.pool.id, i.JobId, ctx.clock.now()))
  .respond((ctx, _i, s) => ({ UserImportJob: importJobToWire(ctx, s.job) }));
