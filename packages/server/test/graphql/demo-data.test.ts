import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokensFor, startTestServer, type TestServer } from '../harness.js';

// The first start seeds demo business records through the same tables the data API serves, so a
// new user who signs in as a demo user sees rows, and the client user sees only their client's.
describe('demo business data on first start', () => {
  let server: TestServer;
  // The first start seeds the collector's desk book too: give a busy machine time.
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => server.close());

  async function graphql(username: string, query: string): Promise<{ data?: Record<string, { items: Record<string, unknown>[] }>; errors?: unknown[] }> {
    const { AccessToken } = await issueTokensFor(server, username);
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: AccessToken },
      body: JSON.stringify({ query }),
    });
    return (await res.json()) as { data?: Record<string, { items: Record<string, unknown>[] }>; errors?: unknown[] };
  }

  it('gives every demo user a UserMdl keyed by their pool subject, readable by that user', async () => {
    for (const demo of server.pool.demoUsers) {
      const result = await graphql(demo.username, '{ listUserMdls(limit: 5) { items { userId email userType } } }');
      expect(result.errors).toBeUndefined();
      expect(result.data?.listUserMdls?.items.map((u) => u.email)).toContain(demo.email);
    }
  });

  it('greets every demo user with one unread notification, readable by its addressee and managed by staff', async () => {
    const query = '{ listNotifications(limit: 10) { items { title isRead usermdlID } } }';
    const client = await graphql('client', query);
    expect(client.data?.listNotifications?.items.map((n) => [n.title, n.isRead])).toEqual([['Welcome to Steward', false]]);
    for (const username of ['staff', 'admin']) {
      const result = await graphql(username, query);
      expect(new Set(result.data?.listNotifications?.items.map((n) => n.usermdlID)).size).toBe(server.pool.demoUsers.length);
    }
  });

  it('shows staff the accounts of both clients and the client user only their own', async () => {
    const staff = await graphql('staff', '{ listAccountMdls(limit: 100) { items { clientNumber } } }');
    const staffClients = new Set(staff.data?.listAccountMdls?.items.map((a) => a.clientNumber));
    expect([...staffClients].sort()).toEqual(['C-1001', 'C-2002']);

    const client = await graphql('client', '{ listAccountMdls(limit: 100) { items { clientNumber } } }');
    const clientItems = client.data?.listAccountMdls?.items ?? [];
    expect(clientItems.length).toBeGreaterThan(0);
    expect(new Set(clientItems.map((a) => a.clientNumber))).toEqual(new Set(['C-1001']));
  });

  it('gives the campaign planner debtors across time zones, delinquency dates, one debtor not to contact and disputed accounts', async () => {
    // The planner's small book (files F-…), apart from the collector's desk book (files D-…).
    const accounts = await graphql('staff', '{ listAccountMdls(limit: 100, filter: { fileNumber: { beginsWith: "F-" } }) { items { clientNumber fileNumber delinquencyDate disputed } } }');
    const items = accounts.data?.listAccountMdls?.items ?? [];
    expect(items.every((a) => typeof a.delinquencyDate === 'string')).toBe(true);
    expect(items.some((a) => a.disputed === true)).toBe(true);
    // The natural key of accounts (migration 0103) holds for the seed.
    expect(new Set(items.map((a) => `${String(a.clientNumber)}/${String(a.fileNumber)}`)).size).toBe(items.length);
    const debtors = await graphql('staff', '{ listDebtorMdls(limit: 100, filter: { fileNumber: { beginsWith: "F-" } }) { items { zipCode phone email streetAddress city doNotContact accountmdlID } } }');
    const people = debtors.data?.listDebtorMdls?.items ?? [];
    expect(people.length).toBeGreaterThan(items.length);
    expect(new Set(people.map((d) => d.zipCode)).size).toBeGreaterThanOrEqual(4);
    expect(people.filter((d) => d.doNotContact !== null)).toHaveLength(1);
    expect(people.every((d) => typeof d.accountmdlID === 'string')).toBe(true);
    // Letters need a postal address: the primary debtors have one, the email-only co-signers none.
    expect(people.filter((d) => typeof d.streetAddress === 'string' && typeof d.city === 'string').length).toBe(items.length);
  });

  it("gives the demo collector a living desk: assigned accounts with promises in every state, follow-ups, payments and a reversal", async () => {
    const staffSub = (await server.db.query<{ userId: string }>(`SELECT "userId" FROM "UserMdl" WHERE "email" = 'staff@steward.example.com'`))[0]?.userId ?? '';
    const adminSub = (await server.db.query<{ userId: string }>(`SELECT "userId" FROM "UserMdl" WHERE "email" = 'admin@steward.example.com'`))[0]?.userId ?? '';
    const assigned = await server.db.query<{ assignedTo: string | null; n: string | number }>(`SELECT "assignedTo", count(*) AS n FROM "AccountMdl" WHERE "fileNumber" LIKE 'D-%' GROUP BY 1`);
    const countOf = (sub: string | null) => Number(assigned.find((r) => r.assignedTo === sub)?.n ?? 0);
    expect(countOf(staffSub)).toBeGreaterThanOrEqual(150);
    expect(countOf(adminSub)).toBeGreaterThan(0);
    // Read through the data API as the collector: their promises, installment by installment.
    const promises = await graphql('staff', '{ listPromiseMdls(limit: 1000) { items { status takenBy installments } } }');
    const mine = (promises.data?.listPromiseMdls?.items ?? []).filter((p) => p.takenBy === staffSub);
    expect(new Set(mine.map((p) => p.status))).toEqual(new Set(['active', 'kept', 'broken', 'cancelled']));
    const states = new Set(mine.flatMap((p) => (JSON.parse(String(p.installments)) as { state: string }[]).map((i) => i.state)));
    expect([...states].sort()).toEqual(['broken', 'cancelled', 'kept', 'partially_kept', 'pending']);
    const followUps = await graphql('staff', '{ listFollowUpMdls(limit: 1000) { items { reason assignedTo status } } }');
    const reasons = new Set((followUps.data?.listFollowUpMdls?.items ?? []).filter((f) => f.assignedTo === staffSub && f.status === 'open').map((f) => f.reason));
    expect(reasons).toEqual(new Set(['broken_promise', 'scheduled']));
    const facts = await server.db.query<{ disputed: string | number; reversals: string | number; zones: string | number }>(
      `SELECT (SELECT count(*) FROM "AccountMdl" WHERE "fileNumber" LIKE 'D-%' AND "disputed") AS disputed,
              (SELECT count(*) FROM "TransactionMdl" WHERE "transactionType" = 'reversal' AND "reversalOf" IS NOT NULL) AS reversals,
              (SELECT count(DISTINCT "state") FROM "DebtorMdl" WHERE "fileNumber" LIKE 'D-%') AS zones`,
    );
    expect(Number(facts[0]?.disputed)).toBeGreaterThan(0);
    expect(Number(facts[0]?.reversals)).toBeGreaterThan(0);
    expect(Number(facts[0]?.zones)).toBeGreaterThanOrEqual(8);
  });
});
