// Payment posting and reversal (issue 22): one database transaction per posting, integer cents end to
// end, idempotent by client reference, on both databases and across two server processes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';
import { startTwoProcesses, type TwoProcesses } from '../server-process.js';
import { gqlAt, makeAccount, POST_PAYMENT, REVERSE_PAYMENT, storedBalances, TAKE_PROMISE, type Posting } from './money-harness.js';

const DAY = 86_400;

describe.each(BOTH_DATABASES)('payment posting on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: string;
  let client: string;
  const today = (): string => clock.now().toISOString().slice(0, 10);
  const post = (input: Record<string, unknown>, token = staff) => gqlAt<{ postPayment: Posting }>(server.url, token, POST_PAYMENT, { input: { method: 'card', paymentDate: today(), ...input } });
  const reverse = (input: Record<string, unknown>) => gqlAt<{ reversePayment: Posting }>(server.url, staff, REVERSE_PAYMENT, { input: { reason: 'returned_payment', ...input } });

  beforeAll(async () => {
    // Noon UTC: the debtor's (New York) date is the same as the UTC date the tests post with.
    clock = new ManualClock(new Date('2026-03-10T16:00:00Z'));
    server = await startTestServer({ database, clock });
    staff = (await issueTokensFor(server, 'staff')).AccessToken;
    client = (await issueTokensFor(server, 'client')).AccessToken;
  }, 120_000);
  afterAll(async () => server?.close());

  it('posts a payment as one transaction row in cents and dollars, moves the balances and appends the timeline entry', async () => {
    const account = await makeAccount(server.db, { originalCents: 100_000 });
    const res = await post({ accountId: account.id, amountCents: 12_345, clientReference: 'pay-1', note: 'first payment' });
    expect(res.errors).toBeUndefined();
    const posting = res.data?.postPayment;
    expect(posting?.duplicate).toBe(false);
    expect(posting?.account).toMatchObject({ accountId: account.id, originalCents: 100_000, paidCents: 12_345, balanceCents: 87_655 });
    const rows = await server.db.query<{ amountCents: number; dollars: string; transactionType: string; transactionRef: string; method: string; paymentDate: string }>(
      `SELECT "amountCents", "paymentAmount"::text AS dollars, "transactionType", "transactionRef", "method", "paymentDate"::text AS "paymentDate" FROM "TransactionMdl" WHERE "accountmdlID" = $1`,
      [account.id],
    );
    expect(rows).toEqual([{ amountCents: 12_345, dollars: '123.45', transactionType: 'payment', transactionRef: 'pay-1', method: 'card', paymentDate: today() }]);
    const activity = await server.db.query<{ kind: string; summary: string }>(`SELECT "kind", "summary" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1`, [account.id]);
    expect(activity).toEqual([{ kind: 'payment', summary: `Payment of $123.45 by card dated ${today()}` }]);
  });

  it('loses no cent when 20 postings to one account arrive at once', async () => {
    const account = await makeAccount(server.db, { originalCents: 1_000_000 });
    const before = await storedBalances(server.db, account.id);
    const amounts = Array.from({ length: 20 }, (_, i) => 101 + i * 37);
    const results = await Promise.all(amounts.map((amountCents, i) => post({ accountId: account.id, amountCents, clientReference: `many-${i}` })));
    expect(results.flatMap((r) => r.errors ?? [])).toEqual([]);
    const total = amounts.reduce((a, b) => a + b, 0);
    const after = await storedBalances(server.db, account.id);
    expect(after.paid).toBe(total);
    expect(after.balance).toBe(1_000_000 - total);
    expect(after.version).toBeGreaterThanOrEqual(before.version + 20);
    const sum = await server.db.query<{ n: string | number; cents: string | number }>(`SELECT count(*) AS n, sum("amountCents") AS cents FROM "TransactionMdl" WHERE "accountmdlID" = $1`, [account.id]);
    expect(Number(sum[0]?.n)).toBe(20);
    expect(Number(sum[0]?.cents)).toBe(total);
    // Each posting saw the balance the one before it left: the balances they returned are all different.
    expect(new Set(results.map((r) => r.data?.postPayment.account.balanceCents)).size).toBe(20);
  });

  it('posts a double submit once, sent again later or several times at once', async () => {
    const account = await makeAccount(server.db, { originalCents: 50_000 });
    const first = await post({ accountId: account.id, amountCents: 2_500, clientReference: 'twice' });
    const again = await post({ accountId: account.id, amountCents: 2_500, clientReference: 'twice' });
    expect(again.data?.postPayment.duplicate).toBe(true);
    expect(again.data?.postPayment.transactionId).toBe(first.data?.postPayment.transactionId);
    expect(again.data?.postPayment.account.paidCents).toBe(2_500);
    const burst = await Promise.all(Array.from({ length: 6 }, () => post({ accountId: account.id, amountCents: 700, clientReference: 'burst' })));
    expect(burst.flatMap((r) => r.errors ?? [])).toEqual([]);
    expect(burst.filter((r) => r.data?.postPayment.duplicate === false)).toHaveLength(1);
    expect(new Set(burst.map((r) => r.data?.postPayment.transactionId)).size).toBe(1);
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 3_200, balance: 46_800 });
  });

  it('refuses a reference already used for a different payment instead of posting it twice or returning the wrong one', async () => {
    const account = await makeAccount(server.db);
    await post({ accountId: account.id, amountCents: 1_000, clientReference: 'ref-x' });
    const other = await post({ accountId: account.id, amountCents: 2_000, clientReference: 'ref-x' });
    expect(other.errors?.[0]?.errorType).toBe('BadRequestException');
    expect(other.errors?.[0]?.errorInfo?.code).toBe('CLIENT_REFERENCE_REUSED');
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 1_000 });
  });

  it('reverses exactly one payment once, restores the balance and re-opens the promise the payment kept', async () => {
    const account = await makeAccount(server.db, { originalCents: 90_000 });
    const due = new Date(clock.now().getTime() + 5 * DAY * 1000).toISOString().slice(0, 10);
    const promise = await gqlAt<{ takePromise: { id: string; status: string } }>(server.url, staff, TAKE_PROMISE, {
      input: { accountId: account.id, schedule: { kind: 'single', amountCents: 30_000, dueDate: due }, clientReference: `promise-${account.id}` },
    });
    expect(promise.errors).toBeUndefined();
    const paid = await post({ accountId: account.id, amountCents: 30_000, clientReference: 'keeps-it' });
    expect(paid.data?.postPayment.promises[0]).toMatchObject({ status: 'kept', nextDueDate: null });
    const kept = await server.db.query<{ summary: string }>(`SELECT "summary" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1 AND "kind" = 'promise' ORDER BY "at", "summary"`, [account.id]);
    expect(kept.map((k) => k.summary)).toContain('Promise kept: every installment paid');
    const transactionId = paid.data?.postPayment.transactionId ?? '';
    const reversal = await reverse({ transactionId, reason: 'chargeback', note: 'card holder disputed', clientReference: 'undo-1' });
    expect(reversal.errors).toBeUndefined();
    expect(reversal.data?.reversePayment.account).toMatchObject({ paidCents: 0, balanceCents: 90_000 });
    expect(reversal.data?.reversePayment.promises[0]).toMatchObject({ status: 'active', nextDueDate: due, installments: [{ seq: 1, paidCents: 0, state: 'pending' }] });
    const rows = await server.db.query<{ id: string; amountCents: number; reversalOf: string | null; reversedBy: string | null; reversalReason: string | null }>(
      `SELECT "id", "amountCents", "reversalOf", "reversedBy", "reversalReason" FROM "TransactionMdl" WHERE "accountmdlID" = $1 ORDER BY "amountCents" DESC`,
      [account.id],
    );
    expect(rows).toEqual([
      { id: transactionId, amountCents: 30_000, reversalOf: null, reversedBy: reversal.data?.reversePayment.transactionId, reversalReason: null },
      { id: reversal.data?.reversePayment.transactionId, amountCents: -30_000, reversalOf: transactionId, reversedBy: null, reversalReason: 'chargeback: card holder disputed' },
    ]);
    // The same request again is the same reversal; a new one is refused: a payment is reversed once.
    const repeated = await reverse({ transactionId, reason: 'chargeback', clientReference: 'undo-1' });
    expect(repeated.data?.reversePayment).toMatchObject({ duplicate: true, transactionId: reversal.data?.reversePayment.transactionId });
    const twice = await reverse({ transactionId, reason: 'chargeback', clientReference: 'undo-2' });
    expect(twice.errors?.[0]).toMatchObject({ errorType: 'ConditionalCheckFailedException', errorInfo: { code: 'ALREADY_REVERSED' } });
    const ofReversal = await reverse({ transactionId: reversal.data?.reversePayment.transactionId, reason: 'other', clientReference: 'undo-3' });
    expect(ofReversal.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', errorInfo: { code: 'NOT_A_PAYMENT' } });
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 0, balance: 90_000 });
  });

  it('answers bad input with typed errors and writes nothing', async () => {
    const account = await makeAccount(server.db, { originalCents: 10_000 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accountId: account.id, amountCents: 0, clientReference: 'bad-0' }, 'BadRequestException', 'INVALID_AMOUNT'],
      [{ accountId: account.id, amountCents: -5, clientReference: 'bad-1' }, 'BadRequestException', 'INVALID_AMOUNT'],
      [{ accountId: 'no-such-account', amountCents: 100, clientReference: 'bad-2' }, 'BadRequestException', 'UNKNOWN_ACCOUNT'],
      [{ accountId: account.id, amountCents: 100, method: 'bitcoin', clientReference: 'bad-3' }, 'BadRequestException', 'INVALID_INPUT'],
      [{ accountId: account.id, amountCents: 100, clientReference: '   ' }, 'BadRequestException', 'INVALID_INPUT'],
    ];
    for (const [input, errorType, code] of cases) {
      const res = await post(input);
      expect(res.errors?.[0], JSON.stringify(input)).toMatchObject({ errorType, errorInfo: { code } });
    }
    const unknown = await reverse({ transactionId: randomUUID(), clientReference: 'bad-4' });
    expect(unknown.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', errorInfo: { code: 'UNKNOWN_TRANSACTION' } });
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 0, balance: 10_000 });
  });

  it('refuses a posting that would push a balance beyond Int instead of returning a number the API cannot carry', async () => {
    const account = await makeAccount(server.db, { originalCents: 2_147_483_000, paidCents: 2_147_483_000 });
    const res = await post({ accountId: account.id, amountCents: 1_000, clientReference: 'too-much' });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', errorInfo: { code: 'BALANCE_OUT_OF_RANGE' } });
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 2_147_483_000 });
  });

  it('refuses a client user: only staff post payments (a client must not write its own ledger)', async () => {
    const account = await makeAccount(server.db);
    const res = await post({ accountId: account.id, amountCents: 100, clientReference: 'client-try' }, client);
    expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 0 });
  });
});

describe('payment posting through two server processes on one PostgreSQL', () => {
  let two: TwoProcesses;
  let staff: string;

  beforeAll(async () => {
    two = await startTwoProcesses({});
    staff = (await issueTokensFor(two.server, 'staff')).AccessToken;
  }, 120_000);
  afterAll(async () => two?.close());

  it('loses no cent and posts each reference once when both processes post to one account at once', async () => {
    const account = await makeAccount(two.server.db, { originalCents: 1_000_000 });
    const urls = [two.server.url, two.other.url];
    const date = new Date().toISOString().slice(0, 10);
    // 20 payments, each sent to both processes at once: 40 requests, 20 postings.
    const requests = Array.from({ length: 20 }, (_, i) => i).flatMap((i) =>
      urls.map((url) => gqlAt<{ postPayment: Posting }>(url, staff, POST_PAYMENT, { input: { accountId: account.id, amountCents: 1_000 + i, paymentDate: date, method: 'ach', clientReference: `two-${i}` } })),
    );
    const results = await Promise.all(requests);
    expect(results.flatMap((r) => r.errors ?? [])).toEqual([]);
    expect(results.filter((r) => r.data?.postPayment.duplicate === false)).toHaveLength(20);
    const total = Array.from({ length: 20 }, (_, i) => 1_000 + i).reduce((a, b) => a + b, 0);
    expect(await storedBalances(two.server.db, account.id)).toMatchObject({ paid: total, balance: 1_000_000 - total });
    const rows = await two.server.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM "TransactionMdl" WHERE "accountmdlID" = $1`, [account.id]);
    expect(Number(rows[0]?.n)).toBe(20);
  });
});
