import type { Operation } from '../operations/operation.js';
import { createUserImportJob } from './create-user-import-job.js';
import { describeUserImportJob } from './describe-user-import-job.js';
import { getCsvHeader } from './get-csv-header.js';
import { getUserImportJobReport } from './get-user-import-job-report.js';
import { listUserImportJobs } from './list-user-import-jobs.js';
import { startUserImportJob } from './start-user-import-job.js';
import { stopUserImportJob } from './stop-user-import-job.js';

/** The user import job operations (admin credential, admin API or CLI). */
export const importOperations: readonly Operation[] = [getCsvHeader, createUserImportJob, describeUserImportJob, listUserImportJobs, startUserImportJob, stopUserImportJob, getUserImportJobReport];
export { registerUserImportUploadRoutes } from './upload-routes.js';
export { IMPORT_CHUNK_ROWS, USER_IMPORT_JOB, userImportJobHandlers, type UserImportDeps } from './import-job-runner.js';
