// The work queue over HTTP on both databases: a collector's assigned open accounts in the order of
// @steward/collections' prioritizeQueue (tiers, callable now first, days past due, balance, last
// contact), keyset pages that neither skip nor repeat, the filters; supervisors assign in bulk and see
// any collector's queue, a collector sees only their own.
import { prioritizeQueue, type QueueFacts } from '@steward/collections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { addStaffUser, create, gql, ok, subOf, tokenOf } from './desk-fixtures.js';

// Tuesday 14 April 2026, 10:00 in Chicago, 05:00 in Honolulu.
const NOW = '2026-04-14T15:00:00.000Z';
const TODAY = '2026-04-14';

interface Seed {
  readonly key: string;
  readonly balance: number;
  readonly delinquencyDate: string | null;
  readonly hawaii?: boolean;
  readonly promiseDueDate?: string;
  readonly brokenPromiseAt?: string;
  readonly followUpAt?: string;
  readonly lastContactAt?: string;
  readonly status?: string;
  readonly client?: string;
}

const SEEDS: readonly Seed[] = [
  { key: 'promise-today', balance: 100, delinquencyDate: '2026-03-01', promiseDueDate: TODAY },
  { key: 'promise-overdue-hi', balance: 5000, delinquencyDate: '2025-01-01', promiseDueDate: '2026-04-10', hawaii: true },
  { key: 'promise-future', balance: 900, delinquencyDate: '2026-02-01', promiseDueDate: '2026-04-20' },
  { key: 'broken', balance: 300, delinquencyDate: '2026-01-10', brokenPromiseAt: '2026-04-12T05:00:00.000Z' },
  { key: 'broken-hi', balance: 9000, delinquencyDate: '2025-06-01', brokenPromiseAt: '2026-04-11T05:00:00.000Z', hawaii: true },
  { key: 'follow-due', balance: 200, delinquencyDate: '2026-03-20', followUpAt: '2026-04-14T14:00:00.000Z' },
  { key: 'follow-later', balance: 250, delinquencyDate: '2026-03-20', followUpAt: '2026-04-15T14:00:00.000Z' },
  { key: 'old-big', balance: 8000, delinquencyDate: '2025-02-01', client: 'C-Q-2' },
  { key: 'old-small', balance: 80, delinquencyDate: '2025-02-01', lastContactAt: '2026-04-01T15:00:00.000Z' },
  { key: 'old-small-never', balance: 80, delinquencyDate: '2025-02-01' },
  { key: 'old-small-recent', balance: 80, delinquencyDate: '2025-02-01', lastContactAt: '2026-04-13T15:00:00.000Z' },
  { key: 'old-hi', balance: 7000, delinquencyDate: '2024-12-01', hawaii: true, client: 'C-Q-2' },
  { key: 'fresh', balance: 400, delinquencyDate: '2026-04-01', status: 'PAYMENT_PLAN' },
  { key: 'future-date', balance: 600, delinquencyDate: '2026-05-01' },
  { key: 'undated', balance: 700, delinquencyDate: null },
  { key: 'closed', balance: 10_000, delinquencyDate: '2024-01-01', status: 'CLOSED' },
];

interface Item {
  accountId: string;
  fileNumber: string;
  tier: number;
  reason: string;
  callableNow: boolean;
  nextCallableAt: string | null;
  callRefusal: string | null;
  balanceCents: number;
  daysPastDue: number;
  agingBucket: string;
  clientNumber: string;
  accountStatus: string;
  debtorName: string | null;
  assignedTo: string | null;
}

const QUEUE = `query ($c: String, $client: String, $s: String, $b: String, $l: Int, $t: String) {
  workQueue(collector: $c, clientNumber: $client, status: $s, agingBucket: $b, limit: $l, nextToken: $t) {
    total nextToken items { accountId fileNumber tier reason callableNow nextCallableAt callRefusal balanceCents daysPastDue agingBucket clientNumber accountStatus debtorName assignedTo }
  }
}`;

describe.each(BOTH_DATABASES)('work queue on %s', (database) => {
  let server: TestServer;
  let clock: ManualClock;
  let staff: string;
  let lead: string;
  let staffSub: string;
  let bobSub: string;
  const ids = new Map<string, string>();
  const keyOf = (accountId: string) => [...ids].find(([, id]) => id === accountId)?.[0];

  const queue = (token: string, vars: Record<string, unknown>) => gql<{ workQueue: { total: number; nextToken: string | null; items: Item[] } }>(server, token, QUEUE, vars);

  beforeAll(async () => {
    clock = new ManualClock(new Date(NOW));
    server = await startTestServer({ database, clock });
    await addStaffUser(server, 'lead', ['Supervisors'], 'Lee');
    bobSub = await addStaffUser(server, 'bob', [], 'Bob');
    staffSub = await subOf(server, 'staff');
    staff = await tokenOf(server, 'staff');
    lead = await tokenOf(server, 'lead');
    for (const seed of SEEDS) {
      const client = seed.client ?? 'C-Q-1';
      const accountId = await create(server, staff, 'AccountMdl', { clientNumber: client, fileNumber: seed.key, accountStatus: seed.status ?? 'ACTIVE', currentUpb: seed.balance, delinquencyDate: seed.delinquencyDate, zipCode: seed.hawaii === true ? '96813' : '60601' });
      await create(server, staff, 'DebtorMdl', {
        accountmdlID: accountId, clientNumber: client, fileNumber: seed.key, debtorSeq: 1, firstName: 'Pat', lastName: seed.key,
        ...(seed.hawaii === true ? { phone: '+18085550100', zipCode: '96813', state: 'HI', timeZone: 'Pacific/Honolulu' } : { phone: '+13125550100', zipCode: '60601', state: 'IL', timeZone: 'America/Chicago' }),
      });
      await server.db.query(`UPDATE "AccountMdl" SET "promiseDueDate" = $2::date, "brokenPromiseAt" = $3, "followUpAt" = $4, "lastContactAt" = $5 WHERE "id" = $1`, [accountId, seed.promiseDueDate ?? null, seed.brokenPromiseAt ?? null, seed.followUpAt ?? null, seed.lastContactAt ?? null]);
      ids.set(seed.key, accountId);
    }
    const assigned = await ok<{ assignAccounts: number }>(server, lead, `mutation ($ids: [ID!]!, $c: String) { assignAccounts(accountIds: $ids, collector: $c) }`, { ids: [...ids.values()], c: staffSub });
    expect(assigned.assignAccounts).toBe(SEEDS.length);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('orders the collector\'s open accounts as prioritizeQueue does, callable now first within a tier', async () => {
    const res = await queue(staff, { l: 50 });
    expect(res.errors).toBeUndefined();
    const page = res.data?.workQueue;
    const open = SEEDS.filter((s) => s.status !== 'CLOSED');
    expect(page?.total).toBe(open.length);
    expect(page?.nextToken).toBeNull();
    const facts: (QueueFacts & { key: string })[] = open.map((s) => ({
      key: s.key,
      accountId: ids.get(s.key) ?? '',
      balanceCents: s.balance * 100,
      daysPastDue: s.delinquencyDate === null || s.delinquencyDate > TODAY ? 0 : Math.round((Date.parse(TODAY) - Date.parse(s.delinquencyDate)) / 86_400_000),
      promiseDueDate: s.promiseDueDate ?? null,
      debtorToday: TODAY,
      brokenPromiseAt: s.brokenPromiseAt === undefined ? null : new Date(s.brokenPromiseAt),
      followUpAt: s.followUpAt === undefined ? null : new Date(s.followUpAt),
      lastContactAt: s.lastContactAt === undefined ? null : new Date(s.lastContactAt),
      // 05:00 in Honolulu is before 08:00: not callable now.
      callableNow: s.hawaii !== true,
    }));
    const expected = prioritizeQueue(facts, clock.now());
    expect(page?.items.map((i) => keyOf(i.accountId))).toEqual(expected.map((e) => e.key));
    expect(page?.items.map((i) => [i.tier, i.reason, i.callableNow])).toEqual(expected.map((e) => [e.tier, e.reason, e.callableNow]));
    const hawaii = page?.items.find((i) => keyOf(i.accountId) === 'old-hi');
    expect(hawaii?.nextCallableAt).toBe('2026-04-14T18:00:00.000Z');
    expect(hawaii?.callRefusal).toMatch(/Pacific\/Honolulu|Hawaii|05:00/);
    expect(hawaii).toMatchObject({ balanceCents: 700_000, agingBucket: '180+', debtorName: 'Pat old-hi', assignedTo: staffSub });
  });

  it('pages with nextToken without skipping or repeating an account, tiers never going back', async () => {
    const seen: string[] = [];
    const tiers: number[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await queue(staff, { l: 4, t: token });
      expect(res.errors).toBeUndefined();
      const page = res.data?.workQueue;
      for (const item of page?.items ?? []) {
        seen.push(item.accountId);
        tiers.push(item.tier);
      }
      token = page?.nextToken ?? null;
      pages++;
    } while (token !== null && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(SEEDS.length - 1);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    const forged = await queue(staff, { l: 4, t: 'eyJxIjoiW10iLCJzIjowLCJrIjpbXX0.forged' });
    expect(forged.errors?.[0]?.errorType).toBe('BadRequestException');
  });

  it('filters by client, status and aging bucket', async () => {
    const byClient = (await queue(staff, { client: 'C-Q-2', l: 50 })).data?.workQueue;
    expect(byClient?.items.map((i) => keyOf(i.accountId)).sort()).toEqual(['old-big', 'old-hi']);
    expect(byClient?.total).toBe(2);
    const byStatus = (await queue(staff, { s: 'PAYMENT_PLAN', l: 50 })).data?.workQueue;
    expect(byStatus?.items.map((i) => keyOf(i.accountId))).toEqual(['fresh']);
    const young = (await queue(staff, { b: '0-30', l: 50 })).data?.workQueue;
    expect(young?.items.map((i) => keyOf(i.accountId)).sort()).toEqual(['fresh', 'future-date', 'follow-due', 'follow-later', 'undated'].sort());
    for (const item of young?.items ?? []) expect(item.agingBucket).toBe('0-30');
    const old = (await queue(staff, { b: '180+', l: 50 })).data?.workQueue;
    for (const item of old?.items ?? []) expect(item.agingBucket).toBe('180+');
    expect(old?.total).toBe(7);
    expect((await queue(staff, { b: '1-2' })).errors?.[0]?.errorType).toBe('BadRequestException');
    expect((await queue(staff, { l: 0 })).errors?.[0]?.errorType).toBe('BadRequestException');
  });

  it("refuses a collector asking for another collector's queue (a collector must not browse a colleague's book); a supervisor may", async () => {
    expect((await queue(staff, { c: bobSub })).errors?.[0]?.errorType).toBe('Unauthorized');
    const asLead = await queue(lead, { c: staffSub, l: 50 });
    expect(asLead.data?.workQueue.total).toBe(SEEDS.length - 1);
    const client = await tokenOf(server, 'client');
    expect((await queue(client, {})).errors?.[0]?.errorType).toBe('Unauthorized');
  });

  it('reassigns in bulk (supervisors only), one activity entry per account changed, and lists the collectors with their loads', async () => {
    clock.advance(60);
    const moving = ['old-big', 'old-small', 'fresh'].map((k) => ids.get(k) ?? '');
    const assign = (token: string, accountIds: string[], collector: string | null) => gql<{ assignAccounts: number }>(server, token, `mutation ($ids: [ID!]!, $c: String) { assignAccounts(accountIds: $ids, collector: $c) }`, { ids: accountIds, c: collector });
    expect((await assign(staff, moving, bobSub)).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await assign(lead, moving, bobSub)).data?.assignAccounts).toBe(3);
    expect((await assign(lead, moving, bobSub)).data?.assignAccounts).toBe(0);
    expect((await queue(staff, { l: 50 })).data?.workQueue.total).toBe(SEEDS.length - 4);
    const bobs = (await queue(lead, { c: bobSub, l: 50 })).data?.workQueue;
    expect(bobs?.items.map((i) => keyOf(i.accountId)).sort()).toEqual(['fresh', 'old-big', 'old-small']);
    const entries = await server.db.query<{ accountmdlID: string; details: string }>(`SELECT "accountmdlID", "details" FROM "AccountActivityMdl" WHERE "kind" = 'assignment' AND "accountmdlID" = ANY($1::text[]) ORDER BY "at", "id"`, [moving]);
    expect(entries).toHaveLength(6);
    expect(entries.slice(3).map((e) => JSON.parse(e.details) as unknown)).toEqual(Array.from({ length: 3 }, () => ({ from: staffSub, to: bobSub })));
    const collectors = await ok<{ collectors: { sub: string; username: string; name: string | null; assigned: number }[] }>(server, lead, `{ collectors { sub username name assigned } }`);
    expect(collectors.collectors.find((c) => c.sub === bobSub)).toMatchObject({ username: 'bob', assigned: 3 });
    expect(collectors.collectors.find((c) => c.sub === staffSub)).toMatchObject({ username: 'staff', assigned: SEEDS.length - 3 });
    expect((await gql(server, staff, `{ collectors { sub } }`)).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await assign(lead, [moving[0] ?? ''], 'nobody')).errors?.[0]?.errorType).toBe('BadRequestException');
    expect((await assign(lead, moving, null)).data?.assignAccounts).toBe(3);
  });
});
