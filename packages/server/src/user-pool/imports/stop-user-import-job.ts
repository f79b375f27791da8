import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { importJobIdSchema, importJobToWire, requireImportJob } from './import-job-repository.js';

/**
 * StopUserImportJob: a job still waiting in the queue is Stopped at once; a running one becomes
 * Stopping and its run stops before its next chunk (Stopped). Users already imported stay.
 */
export const stopUserImportJob = defineOperation('StopUserImportJob', object({ UserPoolId: userPoolIdSchema, JobId: importJobIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('before', (ctx, i, s) => requireImportJob(ctx.db, s.pool.id, i.JobId, ctx.clock.now()))
  .do('check the job runs', (_ctx, _i, s) => {
    if (s.before.status !== 'Pending' && s.before.status !== 'InProgress') throw fail('PreconditionNotMetException', `The import job is ${s.before.status}; only a Pending or InProgress job can be stopped.`);
  })
  .do('stop it', (ctx, _i, s) =>
    ctx.audit.transaction(async (tx, audit) => {
      const now = ctx.clock.now();
      // Not claimed by a runner yet: withdrawn from the queue, so nothing will run it.
      const withdrawn = s.before.queueJobId !== null && (await new JobQueue({ db: ctx.db, clock: ctx.clock }).cancel([s.before.queueJobId], tx)) === 1;
      const rows = withdrawn
        ? await tx.query(
            `UPDATE user_import_jobs SET status = 'Stopped', completed_at = $2, csv = NULL, completion_message = 'Import job stopped by request.' WHERE id = $1 AND status IN ('Pending', 'InProgress') RETURNING id`,
            [s.before.id, now],
          )
        : await tx.query(`UPDATE user_import_jobs SET status = 'Stopping' WHERE id = $1 AND status IN ('Pending', 'InProgress') RETURNING id`, [s.before.id]);
      if (rows.length === 0) throw fail('PreconditionNotMetException', 'The import job ended before it could be stopped.');
      audit.record(operationEvent(ctx, 'admin.user_import.stopped', undefined, { record: { type: 'UserImportJob', id: s.before.id }, details: { userPoolId: s.pool.id } }));
    }),
  )
  .step('job', (ctx, _i, s) => requireImportJob(ctx.db, s.pool.id, s.before.id, ctx.clock.now()))
  .respond((ctx, _i, s) => ({ UserImportJob: importJobToWire(ctx, s.job) }));
