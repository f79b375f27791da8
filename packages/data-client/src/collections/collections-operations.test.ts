// The collector's-desk operations against the real server (its test harness: the whole app on
// PGlite or PostgreSQL, a manual clock): the demo staff user works an account of a client of its
// own — queue, workspace, a call the rules refuse then allow, a promise, a payment posted twice
// with one client reference — and a client user is refused the desk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '@steward/server/test/harness';
import { ManualClock } from '../../../server/src/time/clock.js';
import { createDataClient, type DataClient } from '../client/data-client.js';
import { DataApiRequestError } from '../errors/data-client-errors.js';
import { ContactNotAllowedError, createCollectionsOperations, type CollectionsOperations } from './collections-operations.js';

// 21:30 in Denver on Tuesday 2026-12-01 (04:30 UTC the next day).
const EVENING = new Date('2026-12-02T04:30:00Z');

describe.each(BOTH_DATABASES)('collections operations on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: DataClient;
  let desk: CollectionsOperations;
  let clientDesk: CollectionsOperations;
  let accountId: string;
  let debtorId: string;

  beforeAll(async () => {
    clock = new ManualClock(EVENING);
    server = await startTestServer({ database, clock });
    const tokens = await issueTokensFor(server, 'staff');
    const claims = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
    const sub = claims.sub;
    staff = createDataClient({ graphqlEndpoint: `${server.url}/graphql`, tokenSource: async () => (await issueTokensFor(server, 'staff')).AccessToken });
    desk = createCollectionsOperations(staff.transport);
    const client = createDataClient({ graphqlEndpoint: `${server.url}/graphql`, tokenSource: async () => (await issueTokensFor(server, 'client')).AccessToken });
    clientDesk = createCollectionsOperations(client.transport);
    const account = await staff.models.AccountMdl.create({ clientNumber: 'C-7101', fileNumber: 'F-7101', accountStatus: 'ACTIVE', currentUpb: 900, originalUpbLoaded: 900, delinquencyDate: '2026-10-01', zipCode: '80202', assignedTo: sub });
    accountId = account.id;
    const debtor = await staff.models.DebtorMdl.create({ clientNumber: 'C-7101', fileNumber: 'F-7101', debtorSeq: 1, firstName: 'Dana', lastName: 'Day', phone: '+13035550142', state: 'CO', zipCode: '80202', timeZone: 'America/Denver', accountmdlID: accountId });
    debtorId = debtor.id;
  }, 120_000);
  afterAll(async () => server.close());

  it("lists the account in the staff user's queue with its balance in cents and when it may be called", async () => {
    const page = await desk.workQueue({ clientNumber: 'C-7101' });
    expect(page.items.map((i) => i.accountId)).toEqual([accountId]);
    expect(page.items[0]?.balanceCents).toBe(90_000);
    expect(page.items[0]?.callableNow).toBe(false);
    expect(page.items[0]?.nextCallableAt).toBe('2026-12-02T15:00:00.000Z');
  });

  it('reads the workspace with the JSON fields parsed', async () => {
    const workspace = await desk.accountWorkspace(accountId);
    expect(workspace.account).toMatchObject({ id: accountId, originalCents: 90_000, balanceCents: 90_000, disputed: false });
    expect(workspace.debtors[0]?.id).toBe(debtorId);
    expect(Array.isArray(workspace.debtors[0]?.callHistory)).toBe(true);
    expect(typeof workspace.contactRules).toBe('object');
  });

  it('refuses a call at 21:30 with the reasons and the next allowed time, then records it at 10:00', async () => {
    const error = await desk.recordCall({ accountId, debtorId, outcome: 'right_party', clientReference: 'call-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactNotAllowedError);
    const refusal = error as ContactNotAllowedError;
    expect(refusal.reasons.map((r) => r.code)).toContain('OUTSIDE_CONTACT_HOURS');
    expect(refusal.nextAllowedAt).toBe('2026-12-02T15:00:00.000Z');
    clock.advance(12.5 * 3600);
    const recorded = await desk.recordCall({ accountId, debtorId, outcome: 'right_party', clientReference: 'call-1' });
    expect(recorded.duplicate).toBe(false);
    expect(recorded.account.lastContactAt).not.toBeNull();
  });

  it('takes a three-installment promise and posts a payment once for two submits of one reference', async () => {
    const promise = await desk.takePromise({ accountId, debtorId, schedule: { kind: 'installments', totalCents: 30_000, count: 3, firstDueDate: '2026-12-03', every: 'weekly' }, clientReference: 'promise-1' });
    expect(promise.installments.map((i) => [i.dueDate, i.amountCents, i.state])).toEqual([
      ['2026-12-03', 10_000, 'pending'],
      ['2026-12-10', 10_000, 'pending'],
      ['2026-12-17', 10_000, 'pending'],
    ]);
    const input = { accountId, amountCents: 10_000, paymentDate: '2026-12-02', method: 'card', clientReference: 'pay-1' };
    const first = await desk.postPayment(input);
    const again = await desk.postPayment(input);
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.account.balanceCents).toBe(80_000);
    expect(first.promises[0]?.installments[0]?.state).toBe('kept');
  });

  it('gives the dashboard whole-cent sums', async () => {
    const dashboard = await desk.collectionsDashboard({ from: '2026-11-03', to: '2026-12-02' });
    const collected = dashboard.collectionsByDay.reduce((sum, d) => sum + d.cents, 0);
    expect(collected).toBeGreaterThanOrEqual(10_000);
    expect(Number.isInteger(collected)).toBe(true);
  });

  it('refuses the desk to a client user', async () => {
    const error = await clientDesk.workQueue().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataApiRequestError);
  });
});
