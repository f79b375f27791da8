// The collections dashboard (issue 22): every figure checked against a small hand-made book, and the
// role scoping — a client user sees only their client, a collector only their assigned accounts,
// supervisors and Admins everything.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';
import { gqlAt, makeAccount, POST_PAYMENT, REVERSE_PAYMENT, TAKE_PROMISE, type Posting, type TestAccount } from './money-harness.js';

const DASHBOARD = `query ($from: AWSDate!, $to: AWSDate!, $client: String) { collectionsDashboard(from: $from, to: $to, clientNumber: $client) {
  collectionsByDay { date cents previousCents } collectionsByMonth { month cents previousCents }
  liquidationByClient { clientNumber clientName placedCents collectedCents rate }
  promises { dueCount keptCount brokenCount pendingCount dueCents keptCents brokenCents }
  contactsByOutcome { date outcome count } agingBuckets { bucket accounts balanceCents } } }`;

interface Dashboard {
  collectionsByDay: { date: string; cents: number; previousCents: number }[];
  collectionsByMonth: { month: string; cents: number; previousCents: number }[];
  liquidationByClient: { clientNumber: string; clientName: string; placedCents: number; collectedCents: number; rate: number | null }[];
  promises: Record<string, number>;
  contactsByOutcome: { date: string; outcome: string; count: number }[];
  agingBuckets: { bucket: string; accounts: number; balanceCents: number }[];
}

describe.each(BOTH_DATABASES)('collections dashboard on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let admin: string;
  let staff: string;
  let client: string;
  let a1: TestAccount;
  let a2: TestAccount;
  let a3: TestAccount;

  const dashboard = async (token: string, from: string, to: string, clientNumber?: string) => {
    const res = await gqlAt<{ collectionsDashboard: Dashboard }>(server.url, token, DASHBOARD, { from, to, client: clientNumber ?? null });
    expect(res.errors).toBeUndefined();
    const figures = res.data?.collectionsDashboard;
    if (figures === undefined) throw new Error('no dashboard');
    return figures;
  };

  beforeAll(async () => {
    clock = new ManualClock(new Date('2026-03-01T15:00:00Z'));
    server = await startTestServer({ database, clock });
    admin = (await issueTokensFor(server, 'admin')).AccessToken;
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    client = (await issueTokensFor(server, 'client')).AccessToken;
    const staffSub = (await server.db.query<{ userId: string }>(`SELECT "userId" FROM "UserMdl" WHERE "email" = 'staff@steward.example.com'`))[0]?.userId ?? '';
    await server.db.query(`INSERT INTO "ClientMdl" ("id", "clientName", "clientNumber") VALUES ($1, 'Dee One', 'D-1')`, [randomUUID()]);
    a1 = await makeAccount(server.db, { clientNumber: 'D-1', originalCents: 100_000, assignedTo: staffSub, delinquencyDate: '2026-02-20' });
    a2 = await makeAccount(server.db, { clientNumber: 'D-1', originalCents: 50_000, assignedTo: null, delinquencyDate: '2025-12-01' });
    a3 = await makeAccount(server.db, { clientNumber: 'D-2', originalCents: 20_000, assignedTo: staffSub, delinquencyDate: null });
    // A promise on a3 taken on March 1st: 10.00 due on the 2nd, 5th, 9th and 12th, no grace.
    const promise = await gqlAt(server.url, staff, TAKE_PROMISE, {
      input: {
        accountId: a3.id,
        graceDays: 0,
        clientReference: 'dash-promise',
        schedule: { kind: 'installments', installments: ['2026-03-02', '2026-03-05', '2026-03-09', '2026-03-12'].map((dueDate) => ({ dueDate, amountCents: 1_000 })) },
      },
    });
    expect(promise.errors, JSON.stringify(promise.errors)).toBeUndefined();
    clock.advance(9 * 86_400);
    // Tokens last an hour of the server's clock: sign in again on March 10th.
    admin = (await issueTokensFor(server, 'admin')).AccessToken;
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    client = (await issueTokensFor(server, 'client')).AccessToken;
    const post = async (account: TestAccount, amountCents: number, paymentDate: string) => {
      const res = await gqlAt<{ postPayment: Posting }>(server.url, staff, POST_PAYMENT, { input: { accountId: account.id, amountCents, paymentDate, method: 'cash', clientReference: randomUUID() } });
      expect(res.errors).toBeUndefined();
      return res.data?.postPayment.transactionId ?? '';
    };
    await post(a1, 300, '2026-03-06');
    await post(a1, 1_000, '2026-03-09');
    await post(a1, 2_000, '2026-03-10');
    await post(a1, 600, '2025-03-15');
    await post(a2, 700, '2026-03-03');
    const returned = await post(a2, 500, '2026-03-10');
    const reversal = await gqlAt(server.url, staff, REVERSE_PAYMENT, { input: { transactionId: returned, reason: 'returned_payment', clientReference: randomUUID() } });
    expect(reversal.errors).toBeUndefined();
    await post(a3, 1_000, '2026-03-02');
    await post(a3, 500, '2026-03-09');
    const contact = (account: TestAccount, at: string, outcome: string) =>
      server.db.query(`INSERT INTO contact_attempts (id, account_id, channel, planned_at, attempted_at, outcome, conversation, created_at) VALUES ($1, $2, 'call', $3, $3, $4, false, $3)`, [randomUUID(), account.id, at, outcome]);
    await contact(a1, '2026-03-09T14:00:00Z', 'no_answer');
    await contact(a1, '2026-03-09T18:00:00Z', 'no_answer');
    await contact(a1, '2026-03-10T13:00:00Z', 'right_party');
    await contact(a2, '2026-03-09T15:00:00Z', 'no_answer');
    await contact(a2, '2026-03-07T15:00:00Z', 'no_answer');
  }, 180_000);
  afterAll(async () => server?.close());

  it('sums collections per day against the same days one period earlier, net of reversals', async () => {
    const figures = await dashboard(admin, '2026-03-08', '2026-03-10', 'D-1');
    expect(figures.collectionsByDay).toEqual([
      { date: '2026-03-08', cents: 0, previousCents: 0 },
      { date: '2026-03-09', cents: 1_000, previousCents: 300 },
      { date: '2026-03-10', cents: 2_000, previousCents: 0 },
    ]);
  });

  it('sums collections per calendar month against the same month a year before', async () => {
    const figures = await dashboard(admin, '2026-03-08', '2026-03-10', 'D-1');
    expect(figures.collectionsByMonth).toEqual([{ month: '2026-03', cents: 4_000, previousCents: 600 }]);
  });

  it('gives the liquidation rate per client from placed and collected cents', async () => {
    const figures = await dashboard(admin, '2026-03-08', '2026-03-10', 'D-1');
    expect(figures.liquidationByClient).toEqual([{ clientNumber: 'D-1', clientName: 'Dee One', placedCents: 150_000, collectedCents: 4_600, rate: 4_600 / 150_000 }]);
  });

  it('counts installments due in the range by state, a partly paid one past its deadline as broken', async () => {
    const figures = await dashboard(admin, '2026-03-01', '2026-03-12', 'D-2');
    expect(figures.promises).toEqual({ dueCount: 4, keptCount: 1, brokenCount: 2, pendingCount: 1, dueCents: 4_000, keptCents: 1_000, brokenCents: 1_500 });
    const later = await dashboard(admin, '2026-03-10', '2026-03-31', 'D-2');
    expect(later.promises).toMatchObject({ dueCount: 1, pendingCount: 1, dueCents: 1_000 });
  });

  it('counts contact attempts per day and outcome within the range', async () => {
    const figures = await dashboard(admin, '2026-03-08', '2026-03-10', 'D-1');
    expect(figures.contactsByOutcome).toEqual([
      { date: '2026-03-09', outcome: 'no_answer', count: 3 },
      { date: '2026-03-10', outcome: 'right_party', count: 1 },
    ]);
  });

  it('puts balances in aging buckets by days past due as of the server date', async () => {
    const figures = await dashboard(admin, '2026-03-08', '2026-03-10', 'D-1');
    expect(figures.agingBuckets).toEqual([
      { bucket: '0-30', accounts: 1, balanceCents: 96_100 },
      { bucket: '31-60', accounts: 0, balanceCents: 0 },
      { bucket: '61-90', accounts: 0, balanceCents: 0 },
      { bucket: '91-180', accounts: 1, balanceCents: 49_300 },
      { bucket: '180+', accounts: 0, balanceCents: 0 },
    ]);
  });

  it("shows a collector only their assigned accounts (a collector must not see a colleague's book)", async () => {
    const figures = await dashboard(staff, '2026-03-08', '2026-03-10', 'D-1');
    expect(figures.liquidationByClient).toEqual([{ clientNumber: 'D-1', clientName: 'Dee One', placedCents: 100_000, collectedCents: 3_900, rate: 3_900 / 100_000 }]);
    expect(figures.contactsByOutcome).toEqual([
      { date: '2026-03-09', outcome: 'no_answer', count: 2 },
      { date: '2026-03-10', outcome: 'right_party', count: 1 },
    ]);
    expect(figures.agingBuckets.map((b) => b.accounts)).toEqual([1, 0, 0, 0, 0]);
  });

  it("shows a client user only their own client's portfolio, whatever client they ask for (a client must not see another's)", async () => {
    const own = await dashboard(admin, '2026-03-08', '2026-03-10', 'C-1001');
    const asked = await dashboard(client, '2026-03-08', '2026-03-10', 'D-1');
    expect(asked).toEqual(own);
    expect(asked.liquidationByClient.map((c) => c.clientNumber)).toEqual(['C-1001']);
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await gqlAt(server.url, admin, DASHBOARD, { from: '2026-03-10', to: '2026-03-01' });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', errorInfo: { code: 'INVALID_INPUT' } });
  });
});
