import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { enumeration, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { findImportJob, newImportJobId, importJobToWire } from './import-job-repository.js';
import { uploadUrlExpiry } from './upload-url.js';

const input = object({
  JobName: string({ min: 1, max: 128, pattern: /^[\w\s+=,.@-]+$/ }),
  UserPoolId: userPoolIdSchema,
  CloudWatchLogsRoleArn: string({ min: 20, max: 2048, pattern: /^arn:[\w+=/,.@-]+:[\w+=/,.@-]+:([\w+=/,.@-]*)?:[0-9]+:[\w+=/,.@-]+(:[\w+=/,.@-]+)?(:[\w+=/,.@-]+)?$/ }),
  PasswordHashingAlgorithm: optional(enumeration(['BCRYPT', 'SCRYPT', 'ARGON2ID', 'PBKDF2_SHA256'])),
});

/**
 * CreateUserImportJob: a job in status Created and its PreSignedUrl, an upload URL on this server
 * (PUT the CSV there within 15 minutes). The CloudWatch role is only echoed back.
 */
export const createUserImportJob = defineOperation('CreateUserImportJob', input, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('refuse password hashes', (_ctx, i) => {
    // Imported users get RESET_REQUIRED and no password; hashes from another system are not taken.
    if (i.PasswordHashingAlgorithm !== undefined) throw fail('InvalidParameterException', 'Importing password hashes is not supported here: imported users reset their password (RESET_REQUIRED).');
  })
  .step('upload', (ctx) => ({ id: newImportJobId(), now: ctx.clock.now() }))
  .step('job', async (ctx, i, s) => {
    await ctx.audit.change(
      (tx) =>
        tx.query(
          `INSERT INTO user_import_jobs (id, pool_id, name, status, cloudwatch_logs_role_arn, upload_expires_at, created_at) VALUES ($1, $2, $3, 'Created', $4, $5, $6)`,
          [s.upload.id, s.pool.id, i.JobName, i.CloudWatchLogsRoleArn, uploadUrlExpiry(s.upload.now), s.upload.now],
        ),
      () => operationEvent(ctx, 'admin.user_import.created', undefined, { record: { type: 'UserImportJob', id: s.upload.id }, details: { userPoolId: s.pool.id, jobName: i.JobName } }),
    );
    const job = await findImportJob(ctx.db, s.upload.id);
    if (job === undefined) throw new Error(`import job ${s.upload.id} vanished after its insert`);
    return job;
  })
  .respond((ctx, _i, s) => ({ UserImportJob: importJobToWire(ctx, s.job) }));
