// Promises to pay and the broken-promise job (issue 22): schedules in the debtor's local dates, one
// promise.check job per installment deadline, and a broken promise handled exactly once (follow-up,
// notification, timeline) — also with two job runners on one PostgreSQL schema — under a manual clock.
import { randomBytes, randomUUID } from 'node:crypto';
import { addLocalDays, localDateOf, promiseCheckInstant } from '@steward/collections';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkPromise, promiseJobHandlers } from '../../src/collections/promises/promise-check-job.js';
import type { Database } from '../../src/db/database.js';
import { openPostgresDatabase } from '../../src/db/postgres-database.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { ManualClock, systemClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, dropSchema, issueTokensFor, startTestServer, TEST_POSTGRES_URL, type TestServer } from '../harness.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { gqlAt, makeAccount, POST_PAYMENT, TAKE_PROMISE, type Posting } from './money-harness.js';

interface Promise3 {
  id: string;
  status: string;
  timeZone: string;
  nextDueDate: string | null;
  brokenAt: string | null;
  installments: { seq: number; dueDate: string; amountCents: number; paidCents: number; state: string; lastKeepDate: string }[];
}

const HOUR = 3600;
/** Tuesday 2026-03-10, 11:00 in New York (EDT since March 8): where every test starts. */
const START = new Date('2026-03-10T15:00:00Z');

describe.each(BOTH_DATABASES)('promises and the broken-promise job on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: string;
  let staffSub: string;
  let client: string;
  let second: Database | undefined;

  beforeAll(async () => {
    clock = new ManualClock(START);
    server = await startTestServer({ database, clock });
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    client = (await issueTokensFor(server, 'client')).AccessToken;
    const users = await server.db.query<{ userId: string }>(`SELECT "userId" FROM "UserMdl" WHERE "email" = 'staff@steward.example.com'`);
    staffSub = users[0]?.userId ?? '';
    if (database === 'postgres' && server.schema !== undefined) second = await openPostgresDatabase(TEST_POSTGRES_URL, server.schema, 4);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  // A test that moved the clock (and failed or not) leaves the next one at the start again.
  beforeEach(() => clock.advance((START.getTime() - clock.now().getTime()) / 1000));

  const take = (input: Record<string, unknown>) => gqlAt<{ takePromise: Promise3 }>(server.url, staff, TAKE_PROMISE, { input });
  const pay = (accountId: string, amountCents: number, clientReference: string) =>
    gqlAt<{ postPayment: Posting }>(server.url, staff, POST_PAYMENT, { input: { accountId, amountCents, clientReference, method: 'card', paymentDate: clock.now().toISOString().slice(0, 10) } });
  const count = async (sql: string, params: unknown[]): Promise<number> => Number((await server.db.query<{ n: string | number }>(sql, params))[0]?.n ?? 0);

  it('takes a three-installment promise in the debtor zone, once per client reference, with one check job per deadline', async () => {
    const account = await makeAccount(server.db, { assignedTo: staffSub, timeZone: 'America/Chicago' });
    const input = { accountId: account.id, schedule: { kind: 'installments', totalCents: 30_001, count: 3, firstDueDate: '2026-03-12', every: 'weekly' }, clientReference: 'take-1' };
    const res = await take(input);
    expect(res.errors).toBeUndefined();
    const promise = res.data?.takePromise;
    expect(promise).toMatchObject({ status: 'active', timeZone: 'America/Chicago', graceDays: 3, totalCents: 30_001, nextDueDate: '2026-03-12', debtorId: account.debtorId });
    expect(promise?.installments.map((i) => [i.dueDate, i.amountCents, i.state, i.lastKeepDate])).toEqual([
      ['2026-03-12', 10_001, 'pending', '2026-03-15'],
      ['2026-03-19', 10_000, 'pending', '2026-03-22'],
      ['2026-03-26', 10_000, 'pending', '2026-03-29'],
    ]);
    const again = await take(input);
    expect(again.data?.takePromise.id).toBe(promise?.id);
    const jobs = await server.db.query<{ dedupe_key: string; run_at: Date | string }>(`SELECT dedupe_key, run_at FROM jobs WHERE kind = 'promise.check' AND dedupe_key LIKE $1 ORDER BY run_at`, [`${promise?.id}:%`]);
    expect(jobs.map((j) => [j.dedupe_key, new Date(j.run_at).toISOString()])).toEqual(
      (promise?.installments ?? []).map((i) => [`${promise?.id}:${i.seq}`, promiseCheckInstant(i.dueDate, 3, 'America/Chicago').toISOString()]),
    );
    // The check runs at the start of the local day after the last keep date: midnight in Chicago (CDT).
    expect(new Date(jobs[0]?.run_at ?? 0).toISOString()).toBe('2026-03-16T05:00:00.000Z');
    const accountRow = await server.db.query<{ due: string }>(`SELECT "promiseDueDate"::text AS due FROM "AccountMdl" WHERE "id" = $1`, [account.id]);
    expect(accountRow[0]?.due).toBe('2026-03-12');
  });

  it('takes one promise when the same request arrives several times at once (a double click must not make two plans)', async () => {
    const account = await makeAccount(server.db, { assignedTo: staffSub });
    const input = { accountId: account.id, schedule: { kind: 'single', amountCents: 7_500, dueDate: '2026-03-20' }, clientReference: 'burst' };
    const results = await Promise.all(Array.from({ length: 5 }, () => take(input)));
    expect(results.flatMap((r) => r.errors ?? [])).toEqual([]);
    expect(new Set(results.map((r) => r.data?.takePromise.id)).size).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM "PromiseMdl" WHERE "accountmdlID" = $1`, [account.id])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE kind = 'promise.check' AND dedupe_key LIKE $1`, [`${results[0]?.data?.takePromise.id ?? ''}:%`])).toBe(1);
  });

  it('refuses a client user taking, previewing or cancelling a promise (a client must not make promises on its debtors\' behalf)', async () => {
    const account = await makeAccount(server.db, { clientNumber: 'C-1001' });
    const schedule = { kind: 'single', amountCents: 1_000, dueDate: '2026-03-20' };
    const taken = await gqlAt(server.url, client, TAKE_PROMISE, { input: { accountId: account.id, schedule, clientReference: 'client-try' } });
    expect(taken.errors?.[0]?.errorType).toBe('Unauthorized');
    const preview = await gqlAt(server.url, client, 'query ($a: ID!, $s: PromiseScheduleInput!) { previewPromiseSchedule(accountId: $a, schedule: $s) { seq } }', { a: account.id, s: schedule });
    expect(preview.errors?.[0]?.errorType).toBe('Unauthorized');
    const mine = await take({ accountId: account.id, schedule, clientReference: 'staff-takes' });
    const cancel = await gqlAt(server.url, client, 'mutation ($id: ID!) { cancelPromise(id: $id, reason: "no") { id } }', { id: mine.data?.takePromise.id });
    expect(cancel.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(await count(`SELECT count(*) AS n FROM "PromiseMdl" WHERE "accountmdlID" = $1 AND "status" = 'active'`, [account.id])).toBe(1);
  });

  it('finds the zone from the ZIP code when the debtor has none, else the organisation default', async () => {
    const west = await makeAccount(server.db, { timeZone: null, zipCode: '94105' });
    const nowhere = await makeAccount(server.db, { timeZone: null, zipCode: 'none' });
    const schedule = { kind: 'single', amountCents: 5_000, dueDate: '2026-03-20' };
    expect((await take({ accountId: west.id, schedule, clientReference: 'zip' })).data?.takePromise.timeZone).toBe('America/Los_Angeles');
    expect((await take({ accountId: nowhere.id, schedule, clientReference: 'default' })).data?.takePromise.timeZone).toBe('America/New_York');
  });

  it('previews a schedule without storing it, and refuses a schedule the rules reject with the rule named', async () => {
    const account = await makeAccount(server.db);
    const preview = await gqlAt<{ previewPromiseSchedule: { seq: number; dueDate: string; amountCents: number; lastKeepDate: string }[] }>(
      server.url,
      staff,
      'query ($a: ID!, $s: PromiseScheduleInput!) { previewPromiseSchedule(accountId: $a, schedule: $s) { seq dueDate amountCents lastKeepDate } }',
      { a: account.id, s: { kind: 'recurring', amountCents: 2_500, firstDueDate: '2026-03-31', every: 'monthly', count: 2 } },
    );
    expect(preview.errors).toBeUndefined();
    expect(preview.data?.previewPromiseSchedule.map((i) => i.amountCents)).toEqual([2_500, 2_500]);
    expect(preview.data?.previewPromiseSchedule[0]).toMatchObject({ seq: 1, dueDate: '2026-03-31', lastKeepDate: '2026-04-03' });
    expect(await count(`SELECT count(*) AS n FROM "PromiseMdl" WHERE "accountmdlID" = $1`, [account.id])).toBe(0);
    const past = await take({ accountId: account.id, schedule: { kind: 'single', amountCents: 100, dueDate: '2026-03-01' }, clientReference: 'past' });
    expect(past.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', errorInfo: { code: 'PROMISE_RULE', rule: 'DUE_DATE_IN_PAST' } });
    const missing = await take({ accountId: account.id, schedule: { kind: 'single', amountCents: 100 }, clientReference: 'missing' });
    expect(missing.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', errorInfo: { code: 'INVALID_INPUT' } });
  });

  it('keeps, partly keeps and finally breaks a promise as the clock passes its deadlines: one follow-up, one notification, one timeline entry', async () => {
    const account = await makeAccount(server.db, { assignedTo: staffSub, timeZone: 'America/New_York' });
    const taken = await take({ accountId: account.id, schedule: { kind: 'installments', totalCents: 30_000, count: 3, firstDueDate: '2026-03-12', every: 'weekly' }, clientReference: 'day' });
    const promiseId = taken.data?.takePromise.id ?? '';
    const first = await pay(account.id, 10_000, 'day-1');
    expect(first.data?.postPayment.promises[0]?.installments.map((i) => i.state)).toEqual(['kept', 'pending', 'pending']);
    const partial = await pay(account.id, 4_000, 'day-2');
    expect(partial.data?.postPayment.promises[0]?.installments.map((i) => [i.state, i.paidCents])).toEqual([['kept', 10_000], ['partially_kept', 4_000], ['pending', 0]]);
    expect(partial.data?.postPayment.promises[0]?.status).toBe('active');

    const runner = new JobRunner({ db: server.db, clock, handlers: promiseJobHandlers({ db: server.db, clock }) });
    // Before the first deadline's check none of this promise's checks runs (the demo book's may).
    clock.advance(4 * 24 * HOUR);
    while ((await runner.runDue()) > 0);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE kind = 'promise.check' AND dedupe_key LIKE $1 AND state = 'pending'`, [`${promiseId}:%`])).toBe(3);
    // Past the third due date plus grace (2026-03-29 in New York), unpaid: every check is due.
    clock.advance((new Date('2026-03-30T06:00:00Z').getTime() - clock.now().getTime()) / 1000);
    // Every due check (this promise's three, and those of the promises taken above) runs once.
    let ran = 0;
    for (let n = await runner.runDue(); n > 0; n = await runner.runDue()) ran += n;
    expect(ran).toBeGreaterThanOrEqual(3);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE kind = 'promise.check' AND dedupe_key LIKE $1 AND state = 'done'`, [`${promiseId}:%`])).toBe(3);
    const stored = await server.db.query<{ status: string; brokenAt: Date | null; installments: string }>(`SELECT "status", "brokenAt", "installments" FROM "PromiseMdl" WHERE "id" = $1`, [promiseId]);
    expect(stored[0]?.status).toBe('broken');
    expect(stored[0]?.brokenAt).not.toBeNull();
    expect((JSON.parse(stored[0]?.installments ?? '[]') as { state: string }[]).map((i) => i.state)).toEqual(['kept', 'partially_kept', 'broken']);
    const followUps = await server.db.query<{ reason: string; assignedTo: string; status: string; promisemdlID: string }>(`SELECT "reason", "assignedTo", "status", "promisemdlID" FROM "FollowUpMdl" WHERE "accountmdlID" = $1`, [account.id]);
    expect(followUps).toEqual([{ reason: 'broken_promise', assignedTo: staffSub, status: 'open', promisemdlID: promiseId }]);
    expect(await count(`SELECT count(*) AS n FROM "Notifications" n JOIN "UserMdl" u ON u."id" = n."usermdlID" WHERE u."userId" = $1 AND n."title" = 'Broken promise' AND n."message" LIKE $2`, [staffSub, `${account.fileNumber}:%`])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM "AccountActivityMdl" WHERE "accountmdlID" = $1 AND "summary" LIKE 'Promise broken%'`, [account.id])).toBe(1);
    const facts = await server.db.query<{ brokenPromiseAt: Date | null; followUpAt: Date | null; due: string | null }>(`SELECT "brokenPromiseAt", "followUpAt", "promiseDueDate"::text AS due FROM "AccountMdl" WHERE "id" = $1`, [account.id]);
    expect(facts[0]?.brokenPromiseAt).not.toBeNull();
    expect(facts[0]?.followUpAt).not.toBeNull();
    expect(facts[0]?.due).toBeNull();
    // A check run again (a retried job) changes nothing.
    await checkPromise({ db: server.db, clock }, { promiseId, seq: 3 });
    expect(await count(`SELECT count(*) AS n FROM "FollowUpMdl" WHERE "accountmdlID" = $1`, [account.id])).toBe(1);
  });

  it('cancels a promise with a reason: unkept installments cancelled, its checks cancelled, never broken later', async () => {
    const account = await makeAccount(server.db, { assignedTo: staffSub });
    const taken = await take({ accountId: account.id, schedule: { kind: 'single', amountCents: 9_000, dueDate: '2026-03-13' }, clientReference: 'to-cancel' });
    const id = taken.data?.takePromise.id ?? '';
    const res = await gqlAt<{ cancelPromise: Promise3 & { cancelReason: string } }>(server.url, staff, 'mutation ($id: ID!) { cancelPromise(id: $id, reason: "debtor filed bankruptcy") { id status cancelReason installments { state } } }', { id });
    expect(res.errors).toBeUndefined();
    expect(res.data?.cancelPromise).toMatchObject({ status: 'cancelled', cancelReason: 'debtor filed bankruptcy', installments: [{ state: 'cancelled' }] });
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE kind = 'promise.check' AND dedupe_key LIKE $1 AND state = 'pending'`, [`${id}:%`])).toBe(0);
    const again = await gqlAt(server.url, staff, 'mutation ($id: ID!) { cancelPromise(id: $id, reason: "again") { id } }', { id });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'ConditionalCheckFailedException', errorInfo: { code: 'PROMISE_NOT_ACTIVE' } });
  });

  it.runIf(database === 'postgres')('breaks a promise exactly once when two job runners (two connections) check it at the same time', async () => {
    if (second === undefined) throw new Error('no second connection');
    const account = await makeAccount(server.db, { assignedTo: staffSub });
    const taken = await take({ accountId: account.id, schedule: { kind: 'installments', installments: [{ dueDate: '2026-03-11', amountCents: 1_000 }, { dueDate: '2026-03-12', amountCents: 1_000 }] }, graceDays: 0, clientReference: 'race' });
    const promiseId = taken.data?.takePromise.id ?? '';
    clock.advance(3 * 24 * HOUR);
    const runners = [server.db, second].map((db) => new JobRunner({ db, clock, handlers: promiseJobHandlers({ db, clock }) }));
    // The two runners claim side by side until nothing is due (the demo book's checks among them), while
    // the same check runs twice more on both connections.
    const drain = async (): Promise<void> => {
      for (;;) {
        const ran = await Promise.all(runners.map((r) => r.runDue()));
        if (ran.every((n) => n === 0)) return;
      }
    };
    await Promise.all([drain(), checkPromise({ db: server.db, clock }, { promiseId, seq: 1 }), checkPromise({ db: second, clock }, { promiseId, seq: 1 })]);
    expect(await count(`SELECT count(*) AS n FROM "FollowUpMdl" WHERE "promisemdlID" = $1`, [promiseId])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM "Notifications" WHERE "message" LIKE $1`, [`${account.fileNumber}:%`])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM "AccountActivityMdl" WHERE "accountmdlID" = $1 AND "summary" LIKE 'Promise broken%'`, [account.id])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE kind = 'promise.check' AND dedupe_key LIKE $1 AND state = 'done'`, [`${promiseId}:%`])).toBe(2);
  });
});

describe('the broken-promise job in two server processes on one PostgreSQL', () => {
  const schema = `t_promise_${randomBytes(4).toString('hex')}`;
  let server: TestServer | undefined;
  let processes: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await server?.close();
    await dropSchema(schema);
  });

  it('breaks each overdue promise exactly once when both processes run the checks', async () => {
    server = await startTestServer({ database: 'postgres', schema, clock: systemClock });
    const db = server.db;
    const staffSub = (await db.query<{ userId: string }>(`SELECT "userId" FROM "UserMdl" WHERE "email" = 'staff@steward.example.com'`))[0]?.userId ?? '';
    const zone = 'America/New_York';
    const today = localDateOf(new Date(), zone);
    const dues = [addLocalDays(today, -5), addLocalDays(today, -3)];
    const queue = new JobQueue({ db, clock: systemClock });
    const promiseIds: string[] = [];
    const fileNumbers: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const account = await makeAccount(db, { assignedTo: staffSub, timeZone: zone });
      const id = randomUUID();
      const installments = dues.map((dueDate, k) => ({ seq: k + 1, dueDate, amountCents: 1_000, paidCents: 0, state: 'pending', lastKeepDate: dueDate }));
      await db.query(
        `INSERT INTO "PromiseMdl" ("id", "accountmdlID", "debtormdlID", "clientNumber", "fileNumber", "kind", "totalCents", "graceDays", "timeZone", "installments", "status", "nextDueDate", "takenBy", "takenAt", "clientReference")
         VALUES ($1, $2, $3, $4, $5, 'installments', 2000, 0, $6, $7, 'active', $8, $9, $10, $11)`,
        [id, account.id, account.debtorId, account.clientNumber, account.fileNumber, zone, JSON.stringify(installments), dues[0], staffSub, new Date(Date.now() - 10 * 86_400_000), `two-${i}`],
      );
      await queue.enqueueMany(installments.map((i2) => ({ kind: 'promise.check', payload: { promiseId: id, seq: i2.seq }, dedupeKey: `${id}:${i2.seq}`, runAt: promiseCheckInstant(i2.dueDate, 0, zone) })));
      promiseIds.push(id);
      fileNumbers.push(account.fileNumber);
    }
    // Both processes start together and find 24 checks due: they claim side by side.
    processes = await Promise.all([startServerProcess(schema, { JOBS_POLL_INTERVAL_MS: '100' }), startServerProcess(schema, { JOBS_POLL_INTERVAL_MS: '100' })]);
    const pending = async () => Number((await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM jobs WHERE kind = 'promise.check' AND payload->>'promiseId' = ANY($1::text[]) AND state <> 'done'`, [promiseIds]))[0]?.n);
    for (let waited = 0; (await pending()) > 0 && waited < 60_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await pending()).toBe(0);
    const perPromise = await db.query<{ id: string; status: string; follow_ups: string | number }>(
      `SELECT p."id", p."status", (SELECT count(*) FROM "FollowUpMdl" f WHERE f."promisemdlID" = p."id") AS follow_ups FROM "PromiseMdl" p WHERE p."id" = ANY($1::text[])`,
      [promiseIds],
    );
    expect(perPromise.map((p) => [p.status, Number(p.follow_ups)])).toEqual(promiseIds.map(() => ['broken', 1]));
    const notes = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM "Notifications" WHERE "title" = 'Broken promise' AND split_part("message", ':', 1) = ANY($1::text[])`, [fileNumbers]);
    expect(Number(notes[0]?.n)).toBe(12);
    const entries = await db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM "AccountActivityMdl" a JOIN "AccountMdl" m ON m."id" = a."accountmdlID" WHERE m."fileNumber" = ANY($1::text[]) AND a."summary" LIKE 'Promise broken%'`,
      [fileNumbers],
    );
    expect(Number(entries[0]?.n)).toBe(12);
  }, 240_000);
});
