import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokensFor, startTestServer, type TestServer } from '../harness.js';

// The first start seeds demo business records through the same tables the data API serves, so a
// new user who signs in as a demo user sees rows, and the client user sees only their client's.
describe('demo business data on first start', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
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
    const accounts = await graphql('staff', '{ listAccountMdls(limit: 100) { items { clientNumber fileNumber delinquencyDate disputed } } }');
    const items = accounts.data?.listAccountMdls?.items ?? [];
    expect(items.every((a) => typeof a.delinquencyDate === 'string')).toBe(true);
    expect(items.some((a) => a.disputed === true)).toBe(true);
    // The natural key of accounts (migration 0103) holds for the seed.
    expect(new Set(items.map((a) => `${String(a.clientNumber)}/${String(a.fileNumber)}`)).size).toBe(items.length);
    const debtors = await graphql('staff', '{ listDebtorMdls(limit: 100) { items { zipCode phone email streetAddress city doNotContact accountmdlID } } }');
    const people = debtors.data?.listDebtorMdls?.items ?? [];
    expect(people.length).toBeGreaterThan(items.length);
    expect(new Set(people.map((d) => d.zipCode)).size).toBeGreaterThanOrEqual(4);
    expect(people.filter((d) => d.doNotContact !== null)).toHaveLength(1);
    expect(people.every((d) => typeof d.accountmdlID === 'string')).toBe(true);
    // Letters need a postal address: the primary debtors have one, the email-only co-signers none.
    expect(people.filter((d) => typeof d.streetAddress === 'string' && typeof d.city === 'string').length).toBe(items.length);
  });
});
