-- The job queue (src/jobs/) and the contact attempts the campaign runner records (issue 16).

-- One unit of background work. A runner claims due pending rows with FOR UPDATE SKIP LOCKED and
-- holds a lease (lease_id, locked_until) instead of an open transaction: PGlite has one connection,
-- so a transaction held across a handler would stall every request. A lease that expires (crashed
-- process) puts the job back to pending; complete/fail only apply while the caller's lease_id still
-- holds, so a runner that wakes up late cannot overwrite a job another runner has taken over.
CREATE TABLE jobs (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Enqueueing the same (kind, dedupe_key) again returns the first job, for ever: the key names the
  -- work ("contact account A at slot S"), and finished jobs are kept so it cannot be done twice.
  dedupe_key text,
  state text NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,                 -- claims so far (the running one included)
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  lease_id uuid,                                        -- set while running: the claim's token
  locked_by text,                                       -- runner that holds the lease, for operators
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (kind, dedupe_key)
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE state = 'pending';
CREATE INDEX jobs_leases ON jobs (locked_until) WHERE state = 'running';

-- Every contact a campaign attempted, whatever its outcome, so the 7-in-7 call counts and the
-- conversation cool-down are computed from what really happened. job_id is unique: a retried job
-- finds its attempt already recorded instead of recording (and sending) a second one. It is null
-- for attempts made outside the queue (a staff call logged by hand), and kept when a job row goes.
CREATE TABLE contact_attempts (
  id uuid PRIMARY KEY,
  job_id uuid UNIQUE REFERENCES jobs (id) ON DELETE SET NULL,
  account_id text NOT NULL,                             -- the debt (AccountMdl id): Regulation F counts per debt
  channel text NOT NULL CHECK (channel IN ('call', 'sms', 'email', 'letter')),
  planned_at timestamptz NOT NULL,
  attempted_at timestamptz NOT NULL,
  outcome text NOT NULL,                                -- e.g. sent, no_answer, failed, refused (the campaign runner's words)
  conversation boolean NOT NULL DEFAULT false,          -- a telephone conversation took place (starts the cool-down)
  created_at timestamptz NOT NULL
);
CREATE INDEX contact_attempts_account ON contact_attempts (account_id, attempted_at);
