// The dashboard's pre-computed totals (migration 0111) against the same figures computed the
// straightforward way over the base tables (dashboard-oracle.ts): data built through the real
// operations over HTTP — promises, postings, reversals, calls, an import's batch upsert, data API
// edits, reassignment, the broken-promise job, deletes — and compared series by series for every scope,
// before and after folding, across day boundaries, after a rebuild, and on a database that had rows
// before the migration (its backfill). On PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldDashboardRollups, rebuildDashboardRollups, startRollupFolding } from '../../src/collections/dashboard/dashboard-rollups.js';
import { DashboardService, type DashboardScope } from '../../src/collections/dashboard/dashboard-service.js';
import { checkPromise } from '../../src/collections/promises/promise-check-job.js';
import type { Database } from '../../src/db/database.js';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import { openPgliteDatabase } from '../../src/db/pglite-database.js';
import { openPostgresDatabase } from '../../src/db/postgres-database.js';
import { ManualClock } from '../../src/time/clock.js';
import { silentLogger } from '../../src/user-pool/operations/logger.js';
import { BOTH_DATABASES, dropSchema, startTestServer, TEST_POSTGRES_URL, type TestDatabase, type TestServer } from '../harness.js';
import { dashboardFromBaseTables } from './dashboard-oracle.js';
import { addStaffUser, gql, ok, RECORD_CALL, tokenOf } from './desk-fixtures.js';
import { makeAccount, POST_PAYMENT, REVERSE_PAYMENT, TAKE_PROMISE, type TestAccount } from './money-harness.js';

const DASHBOARD = `query ($from: AWSDate!, $to: AWSDate!, $client: String) { collectionsDashboard(from: $from, to: $to, clientNumber: $client) {
  collectionsByDay { date cents previousCents } collectionsByMonth { month cents previousCents }
  liquidationByClient { clientNumber clientName placedCents collectedCents rate }
  promises { dueCount keptCount brokenCount pendingCount dueCents keptCents brokenCents }
  contactsByOutcome { date outcome count } agingBuckets { bucket accounts balanceCents } } }`;

const ASSIGN = `mutation ($ids: [ID!]!, $collector: String) { assignAccounts(accountIds: $ids, collector: $collector) }`;
const REBUILD = `mutation { rebuildCollectionsDashboard }`;

/** Each comparison runs every scope's six figures twice (service and base tables): slow on PGlite on a loaded machine. */
const SLOW = 180_000;

const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);
const daysBefore = (date: string, days: number): string => utcDate(new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000));

describe.each(BOTH_DATABASES)('the dashboard totals on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let service: DashboardService;
  let admin: string;
  let supervisor: string;
  let ana: string;
  let anaSub: string;
  let benSub: string;
  let client: string;
  const accounts: TestAccount[] = [];
  const payments: string[] = [];
  let promiseAccount: TestAccount;

  const scopes = (): DashboardScope[] => [
    { kind: 'all', clientNumber: null },
    { kind: 'all', clientNumber: 'R-1' },
    { kind: 'all', clientNumber: 'nobody' },
    { kind: 'client', clientNumber: 'R-2' },
    { kind: 'client', clientNumber: 'C-1001' },
    { kind: 'assigned', collector: anaSub, clientNumber: null },
    { kind: 'assigned', collector: anaSub, clientNumber: 'R-1' },
    { kind: 'assigned', collector: benSub, clientNumber: null },
    { kind: 'assigned', collector: benSub, clientNumber: 'R-2' },
  ];

  /** Every series of every scope over three ranges equals the base tables' answer as of the clock's UTC date. */
  const expectSameAsBaseTables = async (label: string): Promise<void> => {
    const today = utcDate(clock.now());
    const ranges: [string, string][] = [[daysBefore(today, 13), today], [daysBefore(today, 400), daysBefore(today, 2)]];
    for (const scope of scopes()) {
      for (const [from, to] of ranges) {
        const expected = await dashboardFromBaseTables(server.db, scope, from, to, today);
        expect(await service.dashboard(scope, from, to), `${label}: ${JSON.stringify(scope)} ${from}..${to}`).toEqual(expected);
      }
    }
  };

  /** The dashboard as a role sees it over HTTP equals the base tables' answer for the role's accounts. */
  const expectRolesSeeBaseTables = async (label: string): Promise<void> => {
    const today = utcDate(clock.now());
    const from = daysBefore(today, 20);
    const roles: [string, string, DashboardScope][] = [
      ['supervisor', supervisor, { kind: 'all', clientNumber: null }],
      ['collector', ana, { kind: 'assigned', collector: anaSub, clientNumber: null }],
      ['client user', client, { kind: 'client', clientNumber: 'C-1001' }],
    ];
    for (const [role, token, scope] of roles) {
      const answer = await ok<{ collectionsDashboard: unknown }>(server, token, DASHBOARD, { from, to: today, client: null });
      expect(answer.collectionsDashboard, `${label}: ${role}`).toEqual(await dashboardFromBaseTables(server.db, scope, from, today, today));
    }
  };

  const freshTokens = async (): Promise<void> => {
    admin = await tokenOf(server, 'admin');
    supervisor = await tokenOf(server, 'desk-boss');
    ana = await tokenOf(server, 'ana');
    client = await tokenOf(server, 'client');
  };

  const post = async (account: TestAccount, amountCents: number, paymentDate: string): Promise<string> => {
    const data = await ok<{ postPayment: { transactionId: string } }>(server, ana, POST_PAYMENT, { input: { accountId: account.id, amountCents, paymentDate, method: 'card', clientReference: randomUUID() } });
    payments.push(data.postPayment.transactionId);
    return data.postPayment.transactionId;
  };

  const call = (account: TestAccount, outcome: string) =>
    ok(server, ana, RECORD_CALL, { input: { accountId: account.id, debtorId: account.debtorId, outcome, clientReference: randomUUID() } });

  beforeAll(async () => {
    // Monday 2026-03-02, 10:00 in New York: calls are allowed.
    clock = new ManualClock(new Date('2026-03-02T15:00:00Z'));
    server = await startTestServer({ database, clock });
    service = new DashboardService({ db: server.db, clock });
    anaSub = await addStaffUser(server, 'ana');
    benSub = await addStaffUser(server, 'ben');
    await addStaffUser(server, 'desk-boss', ['Supervisors']);
    await freshTokens();
    await server.db.query(`INSERT INTO "ClientMdl" ("id", "clientName", "clientNumber") VALUES ($1, 'Are One', 'R-1'), ($2, 'Are Two', 'R-2')`, [randomUUID(), randomUUID()]);
    const plan: [string, string | null, string | null, number][] = [
      ['R-1', anaSub, '2026-02-01', 100_000],
      ['R-1', anaSub, '2025-12-20', 40_000],
      ['R-1', benSub, null, 25_000],
      ['R-2', anaSub, '2026-01-31', 70_000],
      ['R-2', benSub, '2025-06-30', 12_345],
      ['R-2', null, '2026-03-10', 9_999],
      ['C-1001', anaSub, '2025-11-15', 55_500],
      ['C-1001', null, '2026-02-28', 33_300],
    ];
    for (const [clientNumber, assignedTo, delinquencyDate, originalCents] of plan) {
      accounts.push(await makeAccount(server.db, { clientNumber, assignedTo, delinquencyDate, originalCents, paidCents: originalCents % 7_000 }));
    }
    // An account of no client, named by its own clientName only.
    await server.db.query(
      `INSERT INTO "AccountMdl" ("id", "clientName", "fileNumber", "originalUpbLoaded", "amountPaid", "currentUpb", "assignedTo", "delinquencyDate") VALUES ($1, 'Loose Ends', 'LOOSE-1', 10, 0, 10, $2, '2026-01-01')`,
      [randomUUID(), anaSub],
    );
  }, 180_000);
  afterAll(async () => server?.close());

  it('answers what the base tables answer after promises, postings, calls, campaign contacts and an import, folded or not', async () => {
    promiseAccount = accounts[0];
    const taken = await ok<{ takePromise: { id: string } }>(server, ana, TAKE_PROMISE, {
      input: {
        accountId: promiseAccount.id,
        graceDays: 2,
        clientReference: 'rollup-promise',
        schedule: { kind: 'installments', installments: ['2026-03-03', '2026-03-05', '2026-03-09'].map((dueDate) => ({ dueDate, amountCents: 2_000 })) },
      },
    });
    expect(taken.takePromise.id).toBeTruthy();
    await ok(server, ana, TAKE_PROMISE, { input: { accountId: accounts[3]?.id, clientReference: 'rollup-single', schedule: { kind: 'single', amountCents: 7_000, dueDate: '2026-03-04' } } });
    await post(promiseAccount, 2_000, '2026-03-02');
    await post(promiseAccount, 500, '2026-03-02');
    await post(accounts[3], 3_100, '2026-03-01');
    await post(accounts[4], 999, '2025-03-02');
    await post(accounts[6], 1_234, '2026-02-27');
    await call(promiseAccount, 'right_party');
    await call(accounts[3], 'no_answer');
    await call(accounts[7], 'left_message');
    // The campaign runner's attempts (an outcome it updates later), written as it writes them.
    const attempt = randomUUID();
    await server.db.query(`INSERT INTO contact_attempts (id, account_id, channel, planned_at, attempted_at, outcome, conversation, created_at) VALUES ($1, $2, 'sms', $3, $3, 'sent', false, $3)`, [
      attempt,
      accounts[4]?.id,
      '2026-03-01T23:30:00Z',
    ]);
    await server.db.query(`UPDATE contact_attempts SET outcome = 'delivered' WHERE id = $1`, [attempt]);
    // An import: imported payments in dollars, one of them updated by a second upsert of the same reference.
    const items = [
      { clientNumber: 'R-2', transactionRef: 'imp-1', accountmdlID: accounts[4]?.id, transactionType: 'Payment', paymentAmount: 12.5, paymentDate: '2026-02-25' },
      { clientNumber: 'R-2', transactionRef: 'imp-2', accountmdlID: accounts[5]?.id, transactionType: 'FEE', paymentAmount: 30, paymentDate: '2026-02-25' },
    ];
    await ok(server, admin, `mutation ($input: [CreateTransactionMdlInput!]!) { batchUpsertTransactionMdls(input: $input) { created updated } }`, { input: items });
    await ok(server, admin, `mutation ($input: [CreateTransactionMdlInput!]!) { batchUpsertTransactionMdls(input: $input) { created updated } }`, {
      input: [{ ...items[0], paymentAmount: 13.75, paymentDate: '2026-02-26' }],
    });
    // Something to compare in every series.
    const all = await service.dashboard({ kind: 'all', clientNumber: null }, '2026-02-20', '2026-03-10');
    expect(all.collectionsByDay.filter((d) => d.cents !== 0).length).toBeGreaterThan(2);
    expect(all.contactsByOutcome.length).toBeGreaterThan(3);
    expect(all.liquidationByClient.map((c) => [c.clientNumber, c.clientName])).toEqual(expect.arrayContaining([['R-1', 'Are One'], ['R-2', 'Are Two'], [null, 'Loose Ends']]));
    expect(all.agingBuckets.filter((b) => b.accounts > 0).length).toBeGreaterThan(2);
    expect((await service.dashboard({ kind: 'all', clientNumber: 'R-1' }, '2026-03-01', '2026-03-31')).promises).toMatchObject({ dueCount: 3, keptCount: 1 });
    await expectSameAsBaseTables('unfolded');
    await expectRolesSeeBaseTables('unfolded');
    expect(await foldDashboardRollups(server.db)).toBeGreaterThan(0);
    expect(Number((await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM desk_rollup_delta'))[0]?.n)).toBe(0);
    await expectSameAsBaseTables('folded');
    // Part folded, part pending.
    await post(accounts[1], 4_321, '2026-03-02');
    await expectSameAsBaseTables('partly folded');
  }, SLOW);

  it('follows reversals, reassignment and data API edits of the figures and keys of accounts', async () => {
    await ok(server, ana, REVERSE_PAYMENT, { input: { transactionId: payments[1], reason: 'returned_payment', clientReference: randomUUID() } });
    await ok(server, ana, REVERSE_PAYMENT, { input: { transactionId: payments[2], reason: 'chargeback', clientReference: randomUUID() } });
    await expectSameAsBaseTables('after reversals');
    await foldDashboardRollups(server.db);
    // Ana's accounts with payments, a promise and calls move to Ben; one of Ben's is unassigned.
    expect((await ok<{ assignAccounts: number }>(server, supervisor, ASSIGN, { ids: [accounts[0]?.id, accounts[3]?.id], collector: benSub })).assignAccounts).toBe(2);
    expect((await ok<{ assignAccounts: number }>(server, supervisor, ASSIGN, { ids: [accounts[4]?.id], collector: null })).assignAccounts).toBe(1);
    await expectSameAsBaseTables('after reassignment');
    await expectRolesSeeBaseTables('after reassignment');
    // The data API moves an account to another client, changes its balance and delinquency date and names it.
    const update = `mutation ($input: UpdateAccountMdlInput!) { updateAccountMdl(input: $input) { id } }`;
    await ok(server, admin, update, { input: { id: accounts[1]?.id, clientNumber: 'R-2', currentUpb: 123.45, delinquencyDate: '2026-02-27', clientName: 'Renamed' } });
    await ok(server, admin, update, { input: { id: accounts[5]?.id, originalUpbLoaded: 500, amountPaid: 125.5 } });
    await expectSameAsBaseTables('after data API edits');
    await foldDashboardRollups(server.db);
    await expectSameAsBaseTables('after data API edits, folded');
  }, SLOW);

  it('moves aging buckets and late partial installments across day boundaries, and counts the promises the job breaks', async () => {
    // The second installment is partly paid (700 of 2 000) and has until its last keep date, March 7.
    await post(promiseAccount, 700, '2026-03-02');
    const marchOfR1 = async () => (await service.dashboard({ kind: 'client', clientNumber: 'R-1' }, '2026-03-01', '2026-03-31')).promises;
    for (const days of [1, 3, 5, 6]) {
      clock.advance(days * 86_400);
      await freshTokens();
      if (days === 5) {
        // The broken-promise job at its hour: the promise breaks (follow-up, notification), its installments re-stored.
        const promises = await server.db.query<{ id: string }>(`SELECT "id" FROM "PromiseMdl" WHERE "accountmdlID" = $1 AND "status" <> 'cancelled'`, [promiseAccount.id]);
        for (const p of promises) await checkPromise({ db: server.db, clock }, { promiseId: p.id, seq: 2 });
      }
      await expectSameAsBaseTables(`${days} days on (${utcDate(clock.now())})`);
      // Partly paid: pending on March 6, broken from March 8 (once March 7 has passed).
      if (days === 3) expect(await marchOfR1()).toMatchObject({ brokenCount: 0, pendingCount: 2 });
      if (days === 5) expect(await marchOfR1()).toMatchObject({ brokenCount: 1, brokenCents: 1_300, pendingCount: 1 });
    }
    await expectRolesSeeBaseTables('after the day boundaries');

  }, SLOW);

  it('drops what goes with a deleted account, transaction or emptied table', async () => {
    await ok(server, admin, `mutation ($input: DeleteAccountMdlInput!) { deleteAccountMdl(input: $input) { id } }`, { input: { id: accounts[3]?.id } });
    await ok(server, admin, `mutation ($input: DeleteTransactionMdlInput!) { deleteTransactionMdl(input: $input) { id } }`, { input: { id: payments[4] } });
    await expectSameAsBaseTables('after deletes');
    await server.db.query('TRUNCATE contact_attempts');
    await expectSameAsBaseTables('after emptying contact_attempts');
  }, SLOW);

  it.runIf(database === 'postgres')("counts a write made from a session on another schema in this schema's totals (a session's search_path must not send the figures to another schema's tables)", async () => {
    const other = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await other.connect();
    try {
      // The session's search_path is public: only the qualified name finds this schema's table; the triggers must still count here.
      await other.query(`UPDATE "${server.schema ?? ''}"."AccountMdl" SET "currentUpb" = "currentUpb" + 1, "assignedTo" = $2 WHERE "id" = $1`, [accounts[6]?.id, benSub]);
    } finally {
      await other.end();
    }
    await expectSameAsBaseTables('after a write from another schema');
  }, SLOW);

  it('rebuilds the totals from the base tables for an Admin, and refuses a collector (a collector must not lock every desk for a rebuild)', async () => {
    // Totals gone wrong (a hand edit) are put right by the rebuild.
    await foldDashboardRollups(server.db);
    await server.db.query(`UPDATE desk_rollup SET amount = amount + 1 WHERE metric = 'aging'`);
    const today = utcDate(clock.now());
    const all: DashboardScope = { kind: 'all', clientNumber: null };
    expect(await service.dashboard(all, today, today)).not.toEqual(await dashboardFromBaseTables(server.db, all, today, today, today));
    const refused = await gql(server, ana, REBUILD);
    expect(refused.errors?.[0]?.errorType).toBe('Unauthorized');
    const rebuilt = await ok<{ rebuildCollectionsDashboard: number }>(server, admin, REBUILD);
    expect(rebuilt.rebuildCollectionsDashboard).toBeGreaterThan(0);
    await expectSameAsBaseTables('after the rebuild');
  }, SLOW);

  it('folds on a timer in the background until stopped (on PGlite, which has no autovacuum, vacuuming the deltas folded)', async () => {
    await post(accounts[6], 100, utcDate(clock.now()));
    const vacuums = async (): Promise<number> => Number((await server.db.query<{ n: string | number | null }>(`SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'desk_rollup_delta'`))[0]?.n ?? 0);
    const before = await vacuums();
    const stop = startRollupFolding(server.db, silentLogger, 20);
    try {
      await expect.poll(async () => Number((await server.db.query<{ n: string | number }>('SELECT count(*) AS n FROM desk_rollup_delta'))[0]?.n), { timeout: 10_000 }).toBe(0);
    } finally {
      await stop();
    }
    if (database === 'pglite') expect(await vacuums()).toBeGreaterThan(before);
    await expectSameAsBaseTables('after background folds');
  }, SLOW);
});

describe.each(BOTH_DATABASES)('migration 0111 on a database with rows on %s', (database: TestDatabase) => {
  let db: Database;
  let schema: string | undefined;

  beforeAll(async () => {
    schema = database === 'postgres' ? `rollup_backfill_${randomUUID().slice(0, 8)}` : undefined;
    db = schema === undefined ? await openPgliteDatabase('memory://') : await openPostgresDatabase(TEST_POSTGRES_URL, schema, 2);
    await migrate(db, (await readMigrations()).filter((m) => m.version < 111));
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    if (schema !== undefined) await dropSchema(schema);
  });

  it('backfills the totals of the rows already there', async () => {
    const clock = new ManualClock(new Date('2026-05-20T12:00:00Z'));
    await db.query(
      `INSERT INTO "AccountMdl" ("id", "clientNumber", "clientName", "assignedTo", "originalUpbLoaded", "amountPaid", "currentUpb", "delinquencyDate") VALUES
         ('b1', 'B-1', 'Bee', 'col-1', 1000, 100, 900, '2026-01-01'), ('b2', 'B-1', NULL, 'col-2', 500.55, 0, 500.55, NULL), ('b3', NULL, 'Nameless', NULL, 10, 10, 0, '2025-01-01')`,
    );
    await db.query(
      `INSERT INTO "TransactionMdl" ("id", "accountmdlID", "clientNumber", "transactionType", "paymentDate", "paymentAmount", "amountCents") VALUES
         ('t1', 'b1', 'B-1', 'PAYMENT', '2026-05-19', 100, NULL), ('t2', 'b3', NULL, 'payment', '2026-05-01', 10, 1000), ('t3', 'b2', 'B-1', 'FEE', '2026-05-19', 5, NULL), ('t4', 'gone', NULL, 'payment', '2026-05-19', 7, NULL)`,
    );
    await db.query(
      `INSERT INTO "PromiseMdl" ("id", "accountmdlID", "kind", "status", "installments") VALUES
         ('p1', 'b1', 'installments', 'active', $1), ('p2', 'b2', 'single', 'cancelled', $2)`,
      [
        JSON.stringify([
          { seq: 1, dueDate: '2026-05-10', amountCents: 5000, paidCents: 5000, state: 'kept', lastKeepDate: '2026-05-13' },
          { seq: 2, dueDate: '2026-05-17', amountCents: 5000, paidCents: 1200, state: 'partially_kept', lastKeepDate: '2026-05-20' },
          { seq: 3, dueDate: '2026-05-24', amountCents: 5000, paidCents: 0, state: 'pending', lastKeepDate: '2026-05-27' },
        ]),
        JSON.stringify([{ seq: 1, dueDate: '2026-05-12', amountCents: 900, paidCents: 0, state: 'cancelled', lastKeepDate: '2026-05-15' }]),
      ],
    );
    await db.query(
      `INSERT INTO contact_attempts (id, account_id, channel, planned_at, attempted_at, outcome, conversation, created_at) VALUES
         ($1, 'b1', 'call', '2026-05-19T23:59:00Z', '2026-05-19T23:59:00Z', 'no_answer', false, now()), ($2, 'b2', 'call', '2026-05-20T00:01:00Z', '2026-05-20T00:01:00Z', 'right_party', true, now())`,
      [randomUUID(), randomUUID()],
    );
    expect(await migrate(db)).toEqual([111]);
    const service = new DashboardService({ db, clock });
    const scopes: DashboardScope[] = [
      { kind: 'all', clientNumber: null },
      { kind: 'client', clientNumber: 'B-1' },
      { kind: 'assigned', collector: 'col-1', clientNumber: null },
      { kind: 'assigned', collector: 'col-2', clientNumber: 'B-1' },
    ];
    for (const scope of scopes) {
      const expected = await dashboardFromBaseTables(db, scope, '2026-05-01', '2026-05-31', '2026-05-20');
      expect(await service.dashboard(scope, '2026-05-01', '2026-05-31'), JSON.stringify(scope)).toEqual(expected);
    }
    expect((await service.dashboard({ kind: 'all', clientNumber: null }, '2026-05-19', '2026-05-20')).collectionsByDay).toEqual([
      { date: '2026-05-19', cents: 10_000, previousCents: 0 },
      { date: '2026-05-20', cents: 0, previousCents: 0 },
    ]);
    // Rebuilding what the migration built changes nothing.
    const before = await db.query('SELECT * FROM desk_rollup ORDER BY metric, client_key, collector_key, day, tag, aux');
    await rebuildDashboardRollups(db);
    expect(await db.query('SELECT * FROM desk_rollup ORDER BY metric, client_key, collector_key, day, tag, aux')).toEqual(before);
  }, 120_000);
});
