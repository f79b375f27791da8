// accountWorkspace over HTTP on both databases: balances in cents, the ledger oldest first with its
// running balance (a reversal puts the amount back), the timeline merging the account's activity, its
// attempted campaign contacts and its placement newest first, debtors with the rules' view of calling
// them now, promises and open follow-ups; client users are refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { chicagoAccount, create, gql, ok, RECORD_CALL, subOf, tokenOf } from './desk-fixtures.js';

// Monday 13 April 2026, 10:00 in Chicago.
const T0 = '2026-04-13T15:00:00.000Z';

const WORKSPACE = `query ($a: ID!) { accountWorkspace(accountId: $a) {
  account { id originalCents paidCents balanceCents delinquencyDate daysPastDue agingBucket disputed assignedTo lastContactAt _version }
  debtors { id seq firstName timeZone location callHistory callableNow nextCallableAt refusals doNotContact }
  activity { id kind at actor summary details }
  ledger { id date type amountCents runningBalanceCents method reference reversalOf }
  promises { id kind status totalCents nextDueDate installments { seq dueDate amountCents paidCents state lastKeepDate } takenAt takenByName }
  followUps { id dueAt reason status }
  contactRules
} }`;

interface Workspace {
  accountWorkspace: {
    account: { id: string; originalCents: number; paidCents: number; balanceCents: number; daysPastDue: number; agingBucket: string; disputed: boolean; lastContactAt: string | null };
    debtors: { id: string; location: string; callHistory: string; callableNow: boolean; nextCallableAt: string | null; refusals: string }[];
    activity: { id: string; kind: string; at: string; summary: string }[];
    ledger: { id: string; date: string; amountCents: number; runningBalanceCents: number; reversalOf: string | null }[];
    promises: { id: string; status: string; takenByName: string | null; installments: { seq: number; lastKeepDate: string; state: string }[] }[];
    followUps: { id: string; reason: string }[];
    contactRules: string;
  };
}

describe.each(BOTH_DATABASES)('account workspace on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: string;
  let accountId: string;
  let debtorId: string;

  beforeAll(async () => {
    clock = new ManualClock(new Date(T0));
    server = await startTestServer({ database, clock });
    staff = await tokenOf(server, 'staff');
    ({ accountId, debtorId } = await chicagoAccount(server, staff, 'C-WS-1', 'F-ws', { currentUpb: 1712.5, originalUpbLoaded: 2000, amountPaid: 287.5 }));
    const tx = (date: string, cents: number | null, dollars: number, extra: Record<string, unknown> = {}) =>
      server.db.query(
        `INSERT INTO "TransactionMdl" ("id", "accountmdlID", "clientNumber", "paymentDate", "amountCents", "paymentAmount", "transactionType", "transactionRef", "reversalOf", "createdAt", "updatedAt") VALUES ($1, $2, 'C-WS-1', $3::date, $4, $5, $6, $7, $8, $9, $9)`,
        [extra.id ?? randomUUID(), accountId, date, cents, dollars, extra.type ?? 'PAYMENT', extra.ref ?? randomUUID(), extra.reversalOf ?? null, clock.now()],
      );
    const first = randomUUID();
    await tx('2026-02-01', 10_000, 100, { id: first });
    await tx('2026-03-05', -10_000, -100, { type: 'REVERSAL', reversalOf: first });
    await tx('2026-01-15', null, 37.5);
    await tx('2026-03-01', 25_000, 250);
    await server.db.query(
      `INSERT INTO "PromiseMdl" ("id", "accountmdlID", "debtormdlID", "kind", "totalCents", "graceDays", "timeZone", "installments", "status", "nextDueDate", "takenAt", "takenBy", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, 'single', 5000, 3, 'America/Chicago', $4, 'active', '2026-04-20', $5, $6, $5, $5)`,
      [randomUUID(), accountId, debtorId, JSON.stringify([{ seq: 1, dueDate: '2026-04-20', amountCents: 5000, paidCents: 0, state: 'pending' }]), clock.now(), await subOf(server, 'staff')],
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the ledger oldest first with a running balance from the original balance, a reversal putting the payment back', async () => {
    const ws = (await ok<Workspace>(server, staff, WORKSPACE, { a: accountId })).accountWorkspace;
    expect(ws.account).toMatchObject({ originalCents: 200_000, paidCents: 28_750, balanceCents: 171_250, daysPastDue: 98, agingBucket: '91-180', disputed: false });
    expect(ws.ledger.map((l) => [l.date, l.amountCents, l.runningBalanceCents])).toEqual([
      ['2026-01-15', 3750, 196_250],
      ['2026-02-01', 10_000, 186_250],
      ['2026-03-01', 25_000, 161_250],
      ['2026-03-05', -10_000, 171_250],
    ]);
    expect(ws.ledger[3]?.reversalOf).toBe(ws.ledger[1]?.id);
    // The last running balance is the account's balance.
    expect(ws.ledger.at(-1)?.runningBalanceCents).toBe(ws.account.balanceCents);
    expect(ws.promises[0]?.installments).toEqual([{ seq: 1, dueDate: '2026-04-20', amountCents: 5000, paidCents: 0, state: 'pending', lastKeepDate: '2026-04-23' }]);
    // Who took the promise is named, not only identified by their pool subject.
    expect(ws.promises[0]?.takenByName).toBe('Sam Staff');
  });

  it('merges the timeline newest first: desk activity, attempted campaign contacts and the placement', async () => {
    clock.advance(60);
    await ok(server, staff, `mutation ($a: ID!) { addAccountNote(accountId: $a, text: "left voicemail script") { id } }`, { a: accountId });
    clock.advance(60);
    const campaignId = await create(server, staff, 'CampaignMdl', { campaignName: 'spring texts', channel: 'sms', status: 'done', timeZone: 'America/Chicago' });
    await server.db.query(
      `INSERT INTO "CampaignContactMdl" ("id", "campaignmdlID", "accountmdlID", "debtormdlID", "channel", "status", "attemptedAt", "outcome", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, 'sms', 'sent', $5, 'sent', $5, $5)`,
      [randomUUID(), campaignId, accountId, debtorId, clock.now()],
    );
    // A planned contact not yet attempted is not history.
    await server.db.query(`INSERT INTO "CampaignContactMdl" ("id", "campaignmdlID", "accountmdlID", "status", "createdAt", "updatedAt") VALUES ($1, $2, $3, 'planned', $4, $4)`, [randomUUID(), campaignId, accountId, clock.now()]);
    clock.advance(60);
    await ok(server, staff, RECORD_CALL, { input: { accountId, debtorId, outcome: 'left_message', clientReference: 'ws-call-1' } });
    clock.advance(60);
    await ok(server, staff, `mutation ($a: ID!) { scheduleFollowUp(accountId: $a, dueAt: "2026-04-14T15:00:00Z") { id } }`, { a: accountId });
    const ws = (await ok<Workspace>(server, staff, WORKSPACE, { a: accountId })).accountWorkspace;
    expect(ws.activity.map((a) => a.kind)).toEqual(['follow_up', 'call', 'campaign_message', 'note', 'import']);
    expect(ws.activity.find((a) => a.kind === 'campaign_message')?.summary).toContain('spring texts');
    expect(ws.activity.at(-1)?.at).toBe(T0);
    const times = ws.activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(ws.followUps.map((f) => f.reason)).toEqual(['scheduled']);
    expect(ws.account.lastContactAt).toBe(new Date(clock.now().getTime() - 60_000).toISOString());
  });

  it("gives each debtor the resolved location, the call history and the server's verdict, and the rule set the engine applies", async () => {
    const ws = (await ok<Workspace>(server, staff, WORKSPACE, { a: accountId })).accountWorkspace;
    const debtor = ws.debtors[0];
    expect(JSON.parse(debtor?.location ?? '{}')).toMatchObject({ timeZones: ['America/Chicago'] });
    const history = JSON.parse(debtor?.callHistory ?? '[]') as { channel: string; conversation: boolean }[];
    expect(history).toEqual([expect.objectContaining({ channel: 'call', conversation: false })]);
    expect(debtor?.callableNow).toBe(true);
    expect(JSON.parse(debtor?.refusals ?? 'null')).toEqual([]);
    const rules = JSON.parse(ws.contactRules) as { states: unknown; clients: unknown };
    expect(rules).toMatchObject({ states: {}, clients: {} });
    await ok(server, staff, `mutation ($d: ID!) { setDoNotContact(debtorId: $d, channel: "call", doNotContact: true) { id } }`, { d: debtorId });
    const blocked = (await ok<Workspace>(server, staff, WORKSPACE, { a: accountId })).accountWorkspace.debtors[0];
    expect(blocked?.callableNow).toBe(false);
    expect(blocked?.nextCallableAt).toBeNull();
  });

  it('refuses client users (a client must not read collectors\' notes) and names a missing account', async () => {
    const client = await tokenOf(server, 'client');
    expect((await gql(server, client, WORKSPACE, { a: accountId })).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await gql(server, staff, WORKSPACE, { a: randomUUID() })).errors?.[0]?.errorType).toBe('ConditionalCheckFailedException');
  });
});
