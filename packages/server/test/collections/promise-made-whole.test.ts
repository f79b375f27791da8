// A broken promise made whole (issue 22, Collect!'s rule in @steward/collections evaluatePromise): late
// payments that clear the arrears while the schedule runs put the promise back in good standing — the
// account leaves the queue's broken-promise tier (brokenPromiseAt cleared), its broken-promise follow-up
// closes — and a reversal of that payment breaks it again (a new follow-up); after the schedule's last
// keep date nothing paid mends it. Through the real server, posting and reversing over HTTP, on both
// databases, under a manual clock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPromise } from '../../src/collections/promises/promise-check-job.js';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { addStaffUser, moveTo, ok, tokenOf } from './desk-fixtures.js';
import { makeAccount, POST_PAYMENT, REVERSE_PAYMENT, TAKE_PROMISE, type Posting, type TestAccount } from './money-harness.js';

const QUEUE = `query { workQueue(limit: 5) { items { accountId tier reason } } }`;

interface Facts {
  brokenPromiseAt: Date | null;
  followUpAt: Date | null;
  due: string | null;
}

describe.each(BOTH_DATABASES)('a broken promise made whole on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let collectorSub: string;
  let token: string;
  let account: TestAccount;
  let promiseId: string;

  const facts = async (): Promise<Facts> =>
    (await server.db.query<Facts>(`SELECT "brokenPromiseAt", "followUpAt", "promiseDueDate"::text AS due FROM "AccountMdl" WHERE "id" = $1`, [account.id]))[0] ?? { brokenPromiseAt: null, followUpAt: null, due: null };
  const promise = async () => (await server.db.query<{ status: string; brokenAt: Date | null }>(`SELECT "status", "brokenAt" FROM "PromiseMdl" WHERE "id" = $1`, [promiseId]))[0];
  const followUps = () => server.db.query<{ status: string; doneBy: string | null }>(`SELECT "status", "doneBy" FROM "FollowUpMdl" WHERE "promisemdlID" = $1 ORDER BY "createdAt", "status"`, [promiseId]);
  const queueReason = async (): Promise<string | undefined> => {
    token = await tokenOf(server, 'mender');
    return (await ok<{ workQueue: { items: { accountId: string; reason: string }[] } }>(server, token, QUEUE)).workQueue.items.find((i) => i.accountId === account.id)?.reason;
  };
  const pay = async (amountCents: number): Promise<Posting> => {
    token = await tokenOf(server, 'mender');
    const input = { accountId: account.id, amountCents, paymentDate: clock.now().toISOString().slice(0, 10), method: 'ach', clientReference: randomUUID() };
    return (await ok<{ postPayment: Posting }>(server, token, POST_PAYMENT, { input })).postPayment;
  };

  beforeAll(async () => {
    // Tuesday 2026-03-10, 11:00 in New York.
    clock = new ManualClock(new Date('2026-03-10T15:00:00Z'));
    server = await startTestServer({ database, clock });
    collectorSub = await addStaffUser(server, 'mender');
    token = await tokenOf(server, 'mender');
    account = await makeAccount(server.db, { assignedTo: collectorSub, timeZone: 'America/New_York', originalCents: 100_000 });
    // $100 due March 12, 19 and 26, three days' grace: last keep dates March 15, 22 and 29.
    const taken = await ok<{ takePromise: { id: string } }>(server, token, TAKE_PROMISE, {
      input: { accountId: account.id, clientReference: 'mend', graceDays: 3, schedule: { kind: 'installments', totalCents: 30_000, count: 3, firstDueDate: '2026-03-12', every: 'weekly' } },
    });
    promiseId = taken.takePromise.id;
  }, 120_000);
  afterAll(async () => server?.close());

  it('clears brokenPromiseAt and closes the follow-up when the missed installment is paid within the schedule, and breaks again when that payment is reversed', async () => {
    await pay(10_000);
    // March 23 in New York: the second installment's last keep date (March 22) passed unpaid.
    moveTo(clock, '2026-03-23T14:00:00Z');
    await checkPromise({ db: server.db, clock }, { promiseId, seq: 2 });
    const brokeAt = clock.now();
    expect(await promise()).toMatchObject({ status: 'broken', brokenAt: brokeAt });
    expect((await facts()).brokenPromiseAt).toEqual(brokeAt);
    expect(await followUps()).toEqual([{ status: 'open', doneBy: null }]);
    expect(await queueReason()).toBe('broken_promise');

    // The debtor pays the missed $100 on March 23, before the schedule's end: made whole.
    clock.advance(3600);
    const mended = await pay(10_000);
    expect(mended.promises[0]).toMatchObject({ id: promiseId, status: 'active', nextDueDate: '2026-03-26' });
    expect(mended.promises[0]?.installments.map((i) => i.state)).toEqual(['kept', 'kept', 'pending']);
    expect(await facts()).toEqual({ brokenPromiseAt: null, followUpAt: null, due: '2026-03-26' });
    // brokenAt stays as the record of when it broke.
    expect(await promise()).toMatchObject({ status: 'active', brokenAt: brokeAt });
    expect(await followUps()).toEqual([{ status: 'done', doneBy: 'system' }]);
    expect(await queueReason()).toBe('past_due');
    const timeline = await server.db.query<{ summary: string }>(`SELECT "summary" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1 AND "kind" = 'promise' ORDER BY "at", "summary"`, [account.id]);
    expect(timeline.map((t) => t.summary)).toEqual(expect.arrayContaining(['Promise made whole: the missed installments are paid']));

    // The catch-up payment is returned: broken again, a new follow-up and notification.
    clock.advance(3600);
    token = await tokenOf(server, 'mender');
    const returned = await ok<{ reversePayment: Posting }>(server, token, REVERSE_PAYMENT, { input: { transactionId: mended.transactionId, reason: 'returned_payment', clientReference: randomUUID() } });
    expect(returned.reversePayment.promises[0]).toMatchObject({ status: 'broken' });
    expect(await promise()).toMatchObject({ status: 'broken', brokenAt: clock.now() });
    expect((await facts()).brokenPromiseAt).toEqual(clock.now());
    expect(await followUps()).toEqual([
      { status: 'done', doneBy: 'system' },
      { status: 'open', doneBy: null },
    ]);
    const notices = await server.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM "Notifications" n JOIN "UserMdl" u ON u."id" = n."usermdlID" WHERE u."userId" = $1 AND n."title" = 'Broken promise'`,
      [collectorSub],
    );
    expect(Number(notices[0]?.n)).toBe(2);
    expect(await queueReason()).toBe('broken_promise');
  });

  it('stays broken when the arrears are paid only after the schedule last keep date', async () => {
    // March 30 in New York: every last keep date has passed; $200 is owed.
    moveTo(clock, '2026-03-30T15:00:00Z');
    await checkPromise({ db: server.db, clock }, { promiseId, seq: 3 });
    const before = await facts();
    const late = await pay(20_000);
    expect(late.promises[0]).toMatchObject({ status: 'broken' });
    expect(late.promises[0]?.installments.map((i) => i.state)).toEqual(['kept', 'kept', 'kept']);
    expect(await facts()).toEqual(before);
    expect(before.brokenPromiseAt).not.toBeNull();
    expect(await followUps()).toEqual([
      { status: 'done', doneBy: 'system' },
      { status: 'open', doneBy: null },
    ]);
  });
});
