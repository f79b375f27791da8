-- User import jobs (src/user-pool/imports/): CreateUserImportJob, the CSV uploaded to the job's
-- pre-signed URL, StartUserImportJob's background run through the job queue, and its per-row report.

CREATE TABLE user_import_jobs (
  id text PRIMARY KEY,                                 -- import-XXXXXXXXXX (Cognito's JobId shape)
  pool_id text NOT NULL REFERENCES user_pools (id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('Created', 'Pending', 'InProgress', 'Stopping', 'Expired', 'Stopped', 'Failed', 'Succeeded')),
  cloudwatch_logs_role_arn text NOT NULL,              -- echoed back as Cognito does; nothing is sent there
  upload_expires_at timestamptz NOT NULL,              -- the pre-signed URL's end
  csv text,                                            -- the uploaded file; NULL before the upload and once the job ended
  csv_bytes integer,
  uploaded_at timestamptz,
  queue_job_id uuid,                                   -- the jobs row that runs it (src/jobs/)
  next_row integer NOT NULL DEFAULT 0,                 -- data rows done so far: where a resumed run starts
  imported_users integer NOT NULL DEFAULT 0,
  skipped_users integer NOT NULL DEFAULT 0,
  failed_users integer NOT NULL DEFAULT 0,
  completion_message text,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX user_import_jobs_pool ON user_import_jobs (pool_id, created_at, id);

-- The per-row report of a job: every row that failed or was skipped, with why. Written in the
-- transaction of its chunk, so a resumed run never reports a row twice.
CREATE TABLE user_import_row_reports (
  job_id text NOT NULL REFERENCES user_import_jobs (id) ON DELETE CASCADE,
  row_number integer NOT NULL,                         -- 1 = the first data row (the header is row 0)
  username text,
  outcome text NOT NULL CHECK (outcome IN ('failed', 'skipped')),
  message text NOT NULL,
  PRIMARY KEY (job_id, row_number)
);
