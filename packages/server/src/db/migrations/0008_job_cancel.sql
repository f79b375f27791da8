-- Jobs can be cancelled (src/jobs/job-queue.ts cancel): a re-planned campaign withdraws the contact
-- jobs of its superseded plan. Only pending jobs are cancelled; a running one finishes, and its
-- handler finds its contact no longer planned. The row stays, keeping its dedupe key used.
ALTER TABLE jobs DROP CONSTRAINT jobs_state_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_state_check CHECK (state IN ('pending', 'running', 'done', 'failed', 'cancelled'));
