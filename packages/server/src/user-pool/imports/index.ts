import type { Operation } from '../operations/operation.js';
import { createUserImportJob } from './create-user-import-job.js';
import { describeUserImportJob } from './describe-user-import-job.js';
import { getCsvHeader } from './get-csv-header.js';

/** The user import job operations (admin credential, admin API or CLI). */
export const importOperations: readonly Operation[] = [getCsvHeader, createUserImportJob, describeUserImportJob];
export { registerUserImportUploadRoutes } from './upload-routes.js';
