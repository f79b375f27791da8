// How many statements a posting sends inside its transaction (each one a round trip to the database):
// the account lock, one statement that posts, and one that writes what the promise rules decided — and
// still one transaction with exact cents, the idempotent reference and the timeline. A regression to a
// statement per step shows here before it shows in the benchmark.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentService } from '../../src/collections/payments/payment-service.js';
import type { Database, Queryable } from '../../src/db/database.js';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { makeAccount, storedBalances, TAKE_PROMISE } from './money-harness.js';
import { addStaffUser, ok, tokenOf } from './desk-fixtures.js';

/** The database, counting the statements sent inside transactions. */
function counting(db: Database, statements: string[]): Database {
  return {
    ...db,
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      db.transaction((tx) =>
        fn({
          query: <R extends object>(sql: string, params?: readonly unknown[]) => {
            statements.push(sql);
            return tx.query<R>(sql, params);
          },
        }),
      ),
    exec: (sql, tx) => db.exec(sql, tx),
    close: () => db.close(),
  };
}

describe.each(BOTH_DATABASES)('posting round trips on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let statements: string[];
  let payments: PaymentService;
  const actor = { sub: 'counter', name: 'Counter' };

  beforeAll(async () => {
    clock = new ManualClock(new Date('2026-03-10T15:00:00Z'));
    server = await startTestServer({ database, clock });
    statements = [];
    payments = new PaymentService({ db: counting(server.db, statements), clock });
  }, 120_000);
  afterAll(async () => server?.close());

  const post = (accountId: string, amountCents: number, clientReference: string = randomUUID()) => {
    statements.length = 0;
    return payments.postPayment(actor, { accountId, amountCents, paymentDate: '2026-03-10', method: 'cash', clientReference });
  };

  it('posts to an account without promises in two statements: the lock and the posting', async () => {
    const account = await makeAccount(server.db, { originalCents: 50_000 });
    const posting = await post(account.id, 1_234, 'two-statements');
    expect(statements).toHaveLength(2);
    expect(posting.account).toMatchObject({ paidCents: 1_234, balanceCents: 48_766 });
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 1_234, balance: 48_766, version: posting.account._version });
    const timeline = await server.db.query<{ kind: string }>(`SELECT "kind" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1`, [account.id]);
    expect(timeline).toEqual([{ kind: 'payment' }]);
    // A double submit: the same two statements, nothing written.
    const again = await post(account.id, 1_234, 'two-statements');
    expect(again).toMatchObject({ duplicate: true, transactionId: posting.transactionId });
    expect(statements).toHaveLength(2);
    expect(await storedBalances(server.db, account.id)).toMatchObject({ paid: 1_234 });
  });

  it('posts to an account with a promise in three: the lock, the posting, and the promise and queue facts it changed', async () => {
    const sub = await addStaffUser(server, 'counted');
    const account = await makeAccount(server.db, { assignedTo: sub, timeZone: 'America/New_York' });
    await ok(server, await tokenOf(server, 'counted'), TAKE_PROMISE, { input: { accountId: account.id, clientReference: 'counted', schedule: { kind: 'installments', totalCents: 20_000, count: 2, firstDueDate: '2026-03-12', every: 'weekly' } } });
    const posting = await post(account.id, 10_000);
    expect(statements).toHaveLength(3);
    expect(posting.promises[0]).toMatchObject({ status: 'active', nextDueDate: '2026-03-19' });
    const facts = await server.db.query<{ due: string; version: number }>(`SELECT "promiseDueDate"::text AS due, "_version" AS version FROM "AccountMdl" WHERE "id" = $1`, [account.id]);
    expect(facts[0]).toEqual({ due: '2026-03-19', version: posting.account._version });
  });
});
