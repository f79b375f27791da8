// A separate OS process running one JobRunner on a PostgreSQL schema (test/jobs.test.ts starts two):
// each execution inserts a row into job_executions, and the process exits once JOB_TOTAL jobs are done.
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { systemClock } from '../src/time/clock.js';

const url = process.env.DATABASE_URL ?? '';
const schema = process.env.DATABASE_SCHEMA ?? '';
const worker = process.env.WORKER_ID ?? `worker-${process.pid}`;
const total = Number(process.env.JOB_TOTAL ?? '0');

const db = await openPostgresDatabase(url, schema, 3);
const runner = new JobRunner(
  {
    db,
    clock: systemClock,
    handlers: {
      send: async (job) => {
        await db.query('INSERT INTO job_executions (job_id, worker) VALUES ($1, $2)', [job.id, worker]);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      },
    },
  },
  { pollIntervalMs: 10, concurrency: 2, workerId: worker },
);
runner.start();
// The test enqueues only once both workers say so, so that both really race.
process.stdout.write(`${worker} ready\n`);
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  const [row] = await db.query<{ done: number }>(`SELECT count(*)::int AS done FROM jobs WHERE state = 'done'`);
  if (Number(row?.done) >= total) break;
}
await runner.stop();
await db.close();
process.stdout.write(`${worker} done\n`);
