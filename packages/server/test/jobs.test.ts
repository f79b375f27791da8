// The job queue and runner (src/jobs/) on both databases: claims, leases, retries, restarts, and
// several runners with their own connection pools racing over one PostgreSQL schema.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { contactHistory, recordContactAttempt } from '../src/campaigns/contact-attempts.js';
import { loadConfig } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { backoffSeconds, JobQueue } from '../src/jobs/job-queue.js';
import { JobRunner, type JobHandler } from '../src/jobs/job-runner.js';
import { startServer } from '../src/server.js';
import { ManualClock, systemClock } from '../src/time/clock.js';
import { BOTH_DATABASES, dropSchema, TEST_POSTGRES_URL, type TestDatabase } from './harness.js';
import { openMigratedPglite } from './migrated-pglite.js';

/** A store to migrate: in-memory PGlite, a PGlite folder that can be reopened (a restart), or a PostgreSQL schema. */
interface Store {
  open(poolSize?: number): Promise<Database>;
  remove(): Promise<void>;
}

async function freshStore(database: TestDatabase, persistent = false): Promise<Store> {
  if (database === 'pglite' && !persistent) return { open: () => openMigratedPglite(), remove: async () => undefined };
  if (database === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'steward-jobs-'));
    return { open: () => openPgliteDatabase(dir), remove: () => rm(dir, { recursive: true, force: true }) };
  }
  const schema = `t_jobs_${randomBytes(4).toString('hex')}`;
  return { open: (poolSize = 4) => openPostgresDatabase(TEST_POSTGRES_URL, schema, poolSize), remove: () => dropSchema(schema) };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Opens a migrated database on a fresh store; closed and removed after the test. */
async function setup(database: TestDatabase): Promise<{ store: Store; db: Database }> {
  const store = await freshStore(database);
  cleanups.push(() => store.remove());
  const db = await store.open();
  cleanups.push(() => db.close());
  await migrate(db);
  return { store, db };
}

const T0 = new Date('2026-06-01T12:00:00Z');

describe.each(BOTH_DATABASES)('job queue on %s', (database) => {
  it('enqueues, claims a due job under a lease and completes it', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    const queue = new JobQueue({ db, clock });
    const { job, created } = await queue.enqueue({ kind: 'k', payload: { n: 1 } });
    expect(created).toBe(true);
    expect(job).toMatchObject({ state: 'pending', attempts: 0, maxAttempts: 5, payload: { n: 1 } });

    const [claimed, ...rest] = await queue.claim({ kinds: ['k'], workerId: 'w1', leaseSeconds: 60, limit: 5 });
    expect(rest).toEqual([]);
    expect(claimed).toMatchObject({ id: job.id, state: 'running', attempts: 1 });
    expect(claimed?.lockedUntil).toEqual(new Date(T0.getTime() + 60_000));
    expect(await queue.claim({ kinds: ['k'], workerId: 'w2', leaseSeconds: 60 })).toEqual([]);

    expect(await queue.complete(claimed)).toBe(true);
    expect(await queue.get(job.id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('claims at most the limit, oldest run_at first', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    const queue = new JobQueue({ db, clock });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await queue.enqueue({ kind: 'k', runAt: new Date(T0.getTime() - (5 - i) * 1000) })).job.id);
    expect((await queue.claim({ kinds: ['k'], workerId: 'w', leaseSeconds: 60, limit: 2 })).map((j) => j.id)).toEqual(ids.slice(0, 2));
    expect((await queue.claim({ kinds: ['k'], workerId: 'w', leaseSeconds: 60 })).map((j) => j.id)).toEqual(ids.slice(2, 3));
  });

  it('does not claim jobs before their run_at, nor kinds the claimer has no handler for', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    const queue = new JobQueue({ db, clock });
    await queue.enqueue({ kind: 'later', runAt: new Date(T0.getTime() + 10_000) });
    await queue.enqueue({ kind: 'other' });
    expect(await queue.claim({ kinds: ['later'], workerId: 'w', leaseSeconds: 60 })).toEqual([]);
    clock.advance(10);
    expect(await queue.claim({ kinds: ['later'], workerId: 'w', leaseSeconds: 60 })).toHaveLength(1);
  });

  it('returns the first job when a dedupe key is enqueued again, even after it ran', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    const queue = new JobQueue({ db, clock });
    const first = await queue.enqueue({ kind: 'contact', dedupeKey: 'acct-1@slot-1', payload: { v: 1 } });
    const again = await queue.enqueue({ kind: 'contact', dedupeKey: 'acct-1@slot-1', payload: { v: 2 } });
    expect(again).toEqual({ job: first.job, created: false });
    const [claimed] = await queue.claim({ kinds: ['contact'], workerId: 'w', leaseSeconds: 60 });
    await queue.complete(claimed);
    const afterRun = await queue.enqueue({ kind: 'contact', dedupeKey: 'acct-1@slot-1' });
    expect(afterRun.created).toBe(false);
    expect(afterRun.job.state).toBe('done');
    // The same key under another kind, and jobs without a key, are separate jobs.
    expect((await queue.enqueue({ kind: 'letter', dedupeKey: 'acct-1@slot-1' })).created).toBe(true);
    expect((await queue.enqueue({ kind: 'contact' })).created).toBe(true);
    expect((await queue.enqueue({ kind: 'contact' })).created).toBe(true);
  });

  it('enqueues inside a caller transaction and drops the job when it rolls back', async () => {
    const { db } = await setup(database);
    const queue = new JobQueue({ db, clock: new ManualClock(T0) });
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue({ kind: 'k', dedupeKey: 'rolled-back' }, tx);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect((await queue.enqueue({ kind: 'k', dedupeKey: 'rolled-back' })).created).toBe(true);
  });

  it('enqueues many jobs in one statement, in order, returning the first job for a dedupe key already used', async () => {
    const { db } = await setup(database);
    const queue = new JobQueue({ db, clock: new ManualClock(T0) });
    const first = await queue.enqueue({ kind: 'k', dedupeKey: 'taken' });
    const many = await queue.enqueueMany([{ kind: 'k', payload: { i: 0 }, runAt: new Date(T0.getTime() + 1000) }, { kind: 'k', dedupeKey: 'taken' }, { kind: 'k', dedupeKey: 'fresh', maxAttempts: 2 }]);
    expect(many.map((m) => m.created)).toEqual([true, false, true]);
    expect(many[0]?.job).toMatchObject({ payload: { i: 0 }, runAt: new Date(T0.getTime() + 1000), state: 'pending' });
    expect(many[1]?.job.id).toBe(first.job.id);
    expect(many[2]?.job).toMatchObject({ dedupeKey: 'fresh', maxAttempts: 2 });
    expect(await queue.enqueueMany([])).toEqual([]);
  });

  it('cancels pending jobs only: a cancelled job is never claimed, a running one is left to finish', async () => {
    const { db } = await setup(database);
    const queue = new JobQueue({ db, clock: new ManualClock(T0) });
    const running = await queue.enqueue({ kind: 'k', runAt: new Date(T0.getTime() - 1000) });
    const [held] = await queue.claim({ kinds: ['k'], workerId: 'w', leaseSeconds: 60 });
    const pending = await queue.enqueue({ kind: 'k' });
    expect(await queue.cancel([running.job.id, pending.job.id])).toBe(1);
    expect(await queue.get(pending.job.id)).toMatchObject({ state: 'cancelled' });
    expect(await queue.claim({ kinds: ['k'], workerId: 'w', leaseSeconds: 60 })).toEqual([]);
    expect(held !== undefined && (await queue.complete(held))).toBe(true);
    expect(await queue.cancel([])).toBe(0);
  });

  it('retries a failing job with doubling backoff, then marks it failed after max attempts', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    let runs = 0;
    const runner = new JobRunner(
      {
        db,
        clock,
        handlers: {
          flaky: async () => {
            runs += 1;
            throw new Error(`attempt ${runs} broke`);
          },
        },
      },
      { maxAttempts: 3, backoffBaseSeconds: 10, backoffMaxSeconds: 3600 },
    );
    const { job } = await runner.queue.enqueue({ kind: 'flaky' });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.queue.get(job.id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'attempt 1 broke', runAt: new Date(T0.getTime() + 10_000) });
    clock.advance(9);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect((await runner.queue.get(job.id))?.runAt).toEqual(new Date(T0.getTime() + 30_000));
    clock.advance(20);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.queue.get(job.id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'attempt 3 broke' });
    clock.advance(86_400);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toBe(3);
  });

  it('takes over a job whose runner crashed once its lease expires, runs it once, and ignores the late runner', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    const crashed = new JobQueue({ db, clock });
    const { job } = await crashed.enqueue({ kind: 'send' });
    const [held] = await crashed.claim({ kinds: ['send'], workerId: 'crashed', leaseSeconds: 300 });
    expect(held).toBeDefined();

    const executed: string[] = [];
    const survivor = new JobRunner({ db, clock, handlers: { send: async (j) => void executed.push(j.id) } }, { leaseSeconds: 300 });
    clock.advance(299);
    expect(await survivor.runDue()).toBe(0);
    clock.advance(1);
    expect(await survivor.runDue()).toBe(1);
    expect(executed).toEqual([job.id]);
    expect(await survivor.queue.get(job.id)).toMatchObject({ state: 'done', attempts: 2 });
    // The crashed runner comes back: its lease is gone, so it can neither complete nor fail the job.
    expect(await crashed.complete(held)).toBe(false);
    expect(await crashed.fail(held, new Error('late'))).toBe('lease-lost');
    clock.advance(3600);
    expect(await survivor.runDue()).toBe(0);
    expect(executed).toEqual([job.id]);
  });

  it('marks a job failed when the lease of its last attempt expires', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    const queue = new JobQueue({ db, clock });
    const { job } = await queue.enqueue({ kind: 'k', maxAttempts: 1 });
    await queue.claim({ kinds: ['k'], workerId: 'crashed', leaseSeconds: 60 });
    clock.advance(60);
    expect(await queue.reclaimExpiredLeases()).toBe(1);
    expect(await queue.get(job.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('keeps jobs across a restart: a new process runs the pending ones and takes over the interrupted one', async () => {
    const store = await freshStore(database, true);
    cleanups.push(() => store.remove());
    const clock = new ManualClock(T0);
    const before = await store.open();
    await migrate(before);
    const queue = new JobQueue({ db: before, clock });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await queue.enqueue({ kind: 'k', payload: { i }, runAt: new Date(T0.getTime() - (3 - i) * 1000) })).job.id);
    // The first is in hand when the process dies.
    expect((await queue.claim({ kinds: ['k'], workerId: 'dying', leaseSeconds: 60 })).map((j) => j.id)).toEqual([ids[0]]);
    await before.close();

    const after = await store.open();
    cleanups.push(() => after.close());
    expect(await migrate(after)).toEqual([]);
    const executed: unknown[] = [];
    const runner = new JobRunner({ db: after, clock, handlers: { k: async (job) => void executed.push(job.payload) } }, { concurrency: 5 });
    expect(await runner.runDue()).toBe(2);
    clock.advance(60);
    expect(await runner.runDue()).toBe(1);
    expect(executed).toEqual([{ i: 1 }, { i: 2 }, { i: 0 }]);
    expect(await runner.queue.get(ids[0] ?? '')).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('keeps polling after a handler throws or rejects', async () => {
    const { db } = await setup(database);
    const done: string[] = [];
    const throwsAtOnce: JobHandler = () => {
      throw new Error('synchronous');
    };
    const runner = new JobRunner(
      { db, clock: systemClock, handlers: { sync: throwsAtOnce, rejects: async () => Promise.reject(new Error('async')), ok: async (job) => void done.push(job.id) } },
      { pollIntervalMs: 20, maxAttempts: 1 },
    );
    const sync = await runner.queue.enqueue({ kind: 'sync' });
    const rejects = await runner.queue.enqueue({ kind: 'rejects' });
    runner.start();
    try {
      await waitFor(async () => (await runner.queue.get(rejects.job.id))?.state === 'failed');
      const ok = await runner.queue.enqueue({ kind: 'ok' });
      await waitFor(async () => done.includes(ok.job.id));
      expect(runner.running).toBe(true);
      expect(await runner.queue.get(sync.job.id)).toMatchObject({ state: 'failed', lastError: 'synchronous' });
    } finally {
      await runner.stop();
    }
    expect(runner.running).toBe(false);
  });

  it('lets the job in hand finish and records it when stopped', async () => {
    const { db } = await setup(database);
    let started = false;
    const runner = new JobRunner(
      {
        db,
        clock: systemClock,
        handlers: {
          slow: async (_job, { signal }) => {
            started = true;
            await new Promise((resolve) => setTimeout(resolve, 200));
            expect(signal.aborted).toBe(true);
          },
        },
      },
      { pollIntervalMs: 20 },
    );
    const { job } = await runner.queue.enqueue({ kind: 'slow' });
    runner.start();
    await waitFor(async () => started);
    await runner.stop();
    expect(await runner.queue.get(job.id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('releases a job whose handler ends on the stop signal: due at once, the attempt not counted, and taken by the next runner', async () => {
    const { db } = await setup(database);
    let started = false;
    const stopping = new JobRunner(
      {
        db,
        clock: systemClock,
        handlers: {
          long: async (_job, { signal }) => {
            started = true;
            await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopping')), { once: true }));
          },
        },
      },
      { pollIntervalMs: 20 },
    );
    const { job } = await stopping.queue.enqueue({ kind: 'long' });
    stopping.start();
    await waitFor(async () => started);
    await stopping.stop();
    const released = await stopping.queue.get(job.id);
    expect(released).toMatchObject({ state: 'pending', attempts: 0, lastError: 'released: its runner stopped' });
    expect(released?.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const executed: string[] = [];
    const next = new JobRunner({ db, clock: systemClock, handlers: { long: async (j) => void executed.push(j.id) } });
    expect(await next.runDue()).toBe(1);
    expect(executed).toEqual([job.id]);
    expect(await next.queue.get(job.id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('hands back the jobs still in hand when a stop outlives its bound, and ignores what their handler reports afterwards', async () => {
    const { db } = await setup(database);
    let started = false;
    let finish: () => void = () => undefined;
    // A handler that ignores the stop signal.
    const stubborn = new JobRunner(
      {
        db,
        clock: systemClock,
        handlers: {
          stubborn: async () => {
            started = true;
            await new Promise<void>((resolve) => (finish = resolve));
          },
        },
      },
      { pollIntervalMs: 20 },
    );
    const { job } = await stubborn.queue.enqueue({ kind: 'stubborn' });
    stubborn.start();
    await waitFor(async () => started);
    const stopped = stubborn.stop();
    expect(stubborn.describeHeld()).toEqual([expect.stringMatching(new RegExp(`^job stubborn ${job.id}, running \\d+\\.\\d s$`))]);
    expect(await stubborn.releaseHeld()).toHaveLength(1);
    expect(await stubborn.queue.get(job.id)).toMatchObject({ state: 'pending', attempts: 0 });
    // Another process takes it over at once, not after the lease.
    const executed: string[] = [];
    const next = new JobRunner({ db, clock: systemClock, handlers: { stubborn: async (j) => void executed.push(j.id) } });
    expect(await next.runDue()).toBe(1);
    finish();
    await stopped;
    expect(executed).toEqual([job.id]);
    expect(await next.queue.get(job.id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('runs a job scheduled in the repeated hour of a daylight-saving fall-back at its instant, not an hour early', async () => {
    const { db } = await setup(database);
    // Sessions in a zone with DST must not shift instants (run_at is timestamptz).
    await db.query(`SET TIME ZONE 'America/New_York'`);
    // 2026-11-01 01:30 happens twice in New York: 05:30Z (EDT) and 06:30Z (EST).
    const clock = new ManualClock(new Date('2026-11-01T05:00:00Z'));
    const queue = new JobQueue({ db, clock });
    const edt = await queue.enqueue({ kind: 'k', runAt: new Date('2026-11-01T05:30:00Z') });
    const est = await queue.enqueue({ kind: 'k', runAt: new Date('2026-11-01T06:30:00Z') });
    clock.advance(45 * 60);
    const first = await queue.claim({ kinds: ['k'], workerId: 'w', leaseSeconds: 60, limit: 5 });
    expect(first.map((j) => j.id)).toEqual([edt.job.id]);
    expect(first[0]?.runAt).toEqual(new Date('2026-11-01T05:30:00Z'));
    clock.advance(45 * 60);
    expect((await queue.claim({ kinds: ['k'], workerId: 'w', leaseSeconds: 60, limit: 5 })).map((j) => j.id)).toEqual([est.job.id]);
  });

  it('retries across a spring-forward gap after exactly the backoff in elapsed time', async () => {
    const { db } = await setup(database);
    await db.query(`SET TIME ZONE 'America/New_York'`);
    // 2026-03-08 02:00 EST jumps to 03:00 EDT at 07:00Z; 01:59 local + 120 s is 03:01 local.
    const clock = new ManualClock(new Date('2026-03-08T06:59:00Z'));
    const runner = new JobRunner({ db, clock, handlers: { k: () => Promise.reject(new Error('busy')) } }, { backoffBaseSeconds: 120 });
    const { job } = await runner.queue.enqueue({ kind: 'k' });
    await runner.runDue();
    expect((await runner.queue.get(job.id))?.runAt).toEqual(new Date('2026-03-08T07:01:00Z'));
  });

  it('records one contact attempt per job: a retried job finds the first', async () => {
    const { db } = await setup(database);
    const clock = new ManualClock(T0);
    const { job } = await new JobQueue({ db, clock }).enqueue({ kind: 'contact' });
    const attempt = { jobId: job.id, accountId: 'acct-1', channel: 'call' as const, plannedAt: T0, attemptedAt: new Date(T0.getTime() + 5000), outcome: 'no_answer' };
    expect(await recordContactAttempt(db, attempt, clock.now())).toBe(true);
    expect(await recordContactAttempt(db, { ...attempt, outcome: 'sent' }, clock.now())).toBe(false);
    expect(await recordContactAttempt(db, { accountId: 'acct-1', channel: 'call', plannedAt: T0, attemptedAt: new Date(T0.getTime() + 9000), outcome: 'sent', conversation: true }, clock.now())).toBe(true);
    expect(await contactHistory(db, 'acct-1', T0)).toEqual([
      { at: new Date(T0.getTime() + 5000), channel: 'call', direction: 'outbound', conversation: false, accountId: 'acct-1' },
      { at: new Date(T0.getTime() + 9000), channel: 'call', direction: 'outbound', conversation: true, accountId: 'acct-1' },
    ]);
  });
});

describe('job runners racing on one PostgreSQL', () => {
  it('run each of many jobs exactly once across three runners with their own connection pools', async () => {
    const store = await freshStore('postgres');
    cleanups.push(() => store.remove());
    const dbs = await Promise.all([1, 2, 3].map(() => store.open(3)));
    cleanups.push(async () => void (await Promise.all(dbs.map((db) => db.close()))));
    const [first] = dbs;
    if (first === undefined) throw new Error('no database');
    await migrate(first);
    const queue = new JobQueue({ db: first, clock: systemClock });
    const total = 300;
    for (let i = 0; i < total; i++) await queue.enqueue({ kind: 'send', payload: { i } });

    const executions = new Map<string, number>();
    const byRunner = [0, 0, 0];
    const runners = dbs.map(
      (db, r) =>
        new JobRunner(
          {
            db,
            clock: systemClock,
            handlers: {
              send: async (job) => {
                executions.set(job.id, (executions.get(job.id) ?? 0) + 1);
                byRunner[r] = (byRunner[r] ?? 0) + 1;
                // Yield so the runners' claims interleave.
                await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
              },
            },
          },
          { pollIntervalMs: 10, concurrency: 4, workerId: `runner-${r}` },
        ),
    );
    runners.forEach((runner) => runner.start());
    try {
      await waitFor(async () => {
        const [row] = await first.query<{ open: number }>(`SELECT count(*)::int AS open FROM jobs WHERE state <> 'done'`);
        return Number(row?.open) === 0;
      }, 60_000);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    expect(executions.size).toBe(total);
    expect([...executions.values()].every((n) => n === 1)).toBe(true);
    expect(byRunner.reduce((a, b) => a + b, 0)).toBe(total);
    // Every runner got work: the claims really raced.
    expect(byRunner.filter((n) => n > 0)).toHaveLength(3);
    const [attempts] = await first.query<{ sum: number }>(`SELECT sum(attempts)::int AS sum FROM jobs`);
    expect(Number(attempts?.sum)).toBe(total);
  });
});

describe('job runners in two processes on one PostgreSQL', () => {
  it('run each of many jobs exactly once', async () => {
    const schema = `t_jobs_${randomBytes(4).toString('hex')}`;
    cleanups.push(() => dropSchema(schema));
    const db = await openPostgresDatabase(TEST_POSTGRES_URL, schema, 2);
    cleanups.push(() => db.close());
    await migrate(db);
    // No unique constraint: a job run twice would show as two rows.
    await db.exec('CREATE TABLE job_executions (job_id uuid NOT NULL, worker text NOT NULL)');
    const total = 200;
    const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const ready: Promise<void>[] = [];
    const exits = ['a', 'b'].map(
      (name) =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=steward-source', 'test/job-worker-process.ts'], {
            cwd: packageDir,
            env: { ...process.env, DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema, WORKER_ID: name, JOB_TOTAL: String(total) },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let printed = '';
          ready.push(
            new Promise<void>((resolveReady) => {
              child.stdout.on('data', (chunk: Buffer) => {
                printed += chunk.toString();
                if (printed.includes(`${name} ready`)) resolveReady();
              });
            }),
          );
          child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
          const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
          child.once('exit', (code) => {
            clearTimeout(timer);
            if (code === 0) resolve(printed);
            else reject(new Error(`worker ${name} exited with ${String(code)}:\n${printed}`));
          });
        }),
    );
    // A worker that dies before it is ready fails the test through its exit promise.
    await Promise.race([Promise.all(ready), Promise.all(exits)]);
    const queue = new JobQueue({ db, clock: systemClock });
    for (let i = 0; i < total; i++) await queue.enqueue({ kind: 'send', payload: { i } });
    await Promise.all(exits);
    const rows = await db.query<{ job_id: string; runs: number }>('SELECT job_id, count(*)::int AS runs FROM job_executions GROUP BY job_id');
    expect(rows).toHaveLength(total);
    expect(rows.every((r) => Number(r.runs) === 1)).toBe(true);
    const workers = await db.query<{ worker: string }>('SELECT DISTINCT worker FROM job_executions ORDER BY worker');
    expect(workers.map((w) => w.worker)).toEqual(['a', 'b']);
  }, 90_000);
});

describe('job runner in the server', () => {
  const env = { STEWARD_MODE: 'development', LOG_LEVEL: 'silent', PORT: '0', MANAGED_LOGIN: 'false', DATA_DIR: 'memory://', WEB_DIST_DIR: '/nonexistent-web-dist', SEED_DEMO: 'false' };

  it('starts with the server when handlers are given, and stops with it', async () => {
    const executed: unknown[] = [];
    const server = await startServer(loadConfig({ ...env, JOBS_POLL_INTERVAL_MS: '50' }), { jobHandlers: { hello: async (job) => void executed.push(job.payload) } });
    try {
      expect(server.jobs?.running).toBe(true);
      await new JobQueue({ db: server.db, clock: systemClock }).enqueue({ kind: 'hello', payload: { to: 'world' } });
      await waitFor(async () => executed.length === 1);
      expect(executed).toEqual([{ to: 'world' }]);
    } finally {
      await server.close();
    }
    expect(server.jobs?.running).toBe(false);
  });

  it('starts no runner without handlers or with JOBS_ENABLED=false', async () => {
    const idle = await startServer(loadConfig(env));
    await idle.close();
    expect(idle.jobs).toBeUndefined();
    const disabled = await startServer(loadConfig({ ...env, JOBS_ENABLED: 'false' }), { jobHandlers: { hello: async () => undefined } });
    await disabled.close();
    expect(disabled.jobs).toBeUndefined();
    // Two whole servers (each migrating a fresh in-memory PGlite): minutes on a loaded CI machine.
  }, 120_000);
});

describe('backoffSeconds', () => {
  it('doubles from the base on each attempt and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffSeconds(n, 30, 3600))).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600]);
  });
});
