import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { importJobIdSchema, importJobToWire, requireImportJob } from './import-job-repository.js';
import { USER_IMPORT_JOB, type UserImportPayload } from './import-job-runner.js';

/**
 * StartUserImportJob: a Created job whose file was uploaded becomes Pending and is queued; a
 * server's job runner imports it in the background (InProgress, then Succeeded). Anything else:
 * PreconditionNotMetException.
 */
export const startUserImportJob = defineOperation('StartUserImportJob', object({ UserPoolId: userPoolIdSchema, JobId: importJobIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('before', (ctx, i, s) => requireImportJob(ctx.db, s.pool.id, i.JobId, ctx.clock.now()))
  .do('check the job can start', (_ctx, _i, s) => {
    if (s.before.status !== 'Created') throw fail('PreconditionNotMetException', `The import job is ${s.before.status}; only a Created job can be started.`);
    if (!s.before.uploaded) throw fail('PreconditionNotMetException', 'No file was uploaded to the import job: PUT the CSV to its PreSignedUrl first.');
  })
  .do('queue the import', (ctx, _i, s) =>
    ctx.audit.transaction(async (tx, audit) => {
      const now = ctx.clock.now();
      const started = await tx.query(`UPDATE user_import_jobs SET status = 'Pending', started_at = $2 WHERE id = $1 AND status = 'Created' AND uploaded_at IS NOT NULL RETURNING id`, [s.before.id, now]);
      // Another request started it between the check and now.
      if (started.length === 0) throw fail('PreconditionNotMetException', 'The import job was started already.');
      const payload: UserImportPayload = { importJobId: s.before.id };
      const { job } = await new JobQueue({ db: ctx.db, clock: ctx.clock }).enqueue({ kind: USER_IMPORT_JOB, payload, dedupeKey: s.before.id }, tx);
      await tx.query('UPDATE user_import_jobs SET queue_job_id = $2 WHERE id = $1', [s.before.id, job.id]);
      audit.record(operationEvent(ctx, 'admin.user_import.started', undefined, { record: { type: 'UserImportJob', id: s.before.id }, details: { userPoolId: s.pool.id } }));
    }),
  )
  .step('job', (ctx, _i, s) => requireImportJob(ctx.db, s.pool.id, s.before.id, ctx.clock.now()))
  .respond((ctx, _i, s) => ({ UserImportJob: importJobToWire(ctx, s.job) }));
