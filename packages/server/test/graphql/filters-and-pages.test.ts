import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { BACKENDS, startDataApi, type DataApiHarness } from './data-api-harness.js';

interface Page<T = { id: string }> {
  items: T[];
  nextToken: string | null;
}

const ACCOUNTS = Array.from({ length: 30 }, (_, i) => ({
  id: `acc-${String(i).padStart(2, '0')}`,
  clientNumber: i % 3 === 0 ? 'C-1' : 'C-2',
  accountStatus: i % 2 === 0 ? 'OPEN' : 'CLOSED',
  fileNumber: `F${1000 + i}`,
  currentUpb: i * 100.25,
  tuScore: 500 + i * 10,
  operator: i % 5 === 0 ? null : `op-${i % 4}`,
  listedDate: `2024-${String((i % 12) + 1).padStart(2, '0')}-10`,
}));

describe.each(BACKENDS)('filters, pages and connections on %s', (backend) => {
  let h: DataApiHarness;
  let admin: string;
  const ids = async (filter: unknown): Promise<string[]> => {
    const res = await h.gql<{ listAccountMdls: Page }>(admin, 'query ($f: ModelAccountMdlFilterInput) { listAccountMdls(filter: $f, limit: 1000) { items { id } } }', { f: filter });
    expect(res.body.errors).toBeUndefined();
    return (res.body.data?.listAccountMdls.items ?? []).map((i) => i.id);
  };
  const expected = (pred: (a: (typeof ACCOUNTS)[number]) => boolean): string[] => ACCOUNTS.filter(pred).map((a) => a.id);

  beforeAll(async () => {
    h = await startDataApi(backend);
    admin = await h.tokens.issue('admin-sub', { groups: ['Admins'] });
    for (const a of ACCOUNTS) {
      const res = await h.gql(admin, 'mutation ($i: CreateAccountMdlInput!) { createAccountMdl(input: $i) { id } }', { i: a });
      expect(res.body.errors).toBeUndefined();
    }
    for (let c = 0; c < 25; c++) {
      await h.gql(admin, 'mutation ($i: CreateContactMdlInput!) { createContactMdl(input: $i) { id } }', {
        i: { id: `con-${String(c).padStart(2, '0')}`, accountmdlID: c < 15 ? 'acc-00' : 'acc-01', clientNumber: 'C-1', completed: c % 2 === 0 },
      });
    }
  });
  afterAll(async () => h.close());

  it('supports eq, ne, le, lt, ge, gt and between on strings and numbers', async () => {
    expect(await ids({ clientNumber: { eq: 'C-1' } })).toEqual(expected((a) => a.clientNumber === 'C-1'));
    expect(await ids({ clientNumber: { ne: 'C-1' } })).toEqual(expected((a) => a.clientNumber !== 'C-1'));
    expect(await ids({ tuScore: { le: 600 } })).toEqual(expected((a) => a.tuScore <= 600));
    expect(await ids({ tuScore: { lt: 600 } })).toEqual(expected((a) => a.tuScore < 600));
    expect(await ids({ tuScore: { ge: 700 } })).toEqual(expected((a) => a.tuScore >= 700));
    expect(await ids({ tuScore: { gt: 700 } })).toEqual(expected((a) => a.tuScore > 700));
    expect(await ids({ currentUpb: { between: [500, 1000.5] } })).toEqual(expected((a) => a.currentUpb >= 500 && a.currentUpb <= 1000.5));
    expect(await ids({ fileNumber: { between: ['F1005', 'F1009'] } })).toEqual(expected((a) => a.fileNumber >= 'F1005' && a.fileNumber <= 'F1009'));
    expect(await ids({ listedDate: { ge: '2024-11-01' } })).toEqual(expected((a) => a.listedDate >= '2024-11-01'));
  });

  it('supports contains, notContains, beginsWith and attributeExists', async () => {
    expect(await ids({ fileNumber: { contains: '01' } })).toEqual(expected((a) => a.fileNumber.includes('01')));
    expect(await ids({ operator: { notContains: 'op-1' } })).toEqual(expected((a) => a.operator === null || !a.operator.includes('op-1')));
    expect(await ids({ fileNumber: { beginsWith: 'F102' } })).toEqual(expected((a) => a.fileNumber.startsWith('F102')));
    expect(await ids({ operator: { attributeExists: false } })).toEqual(expected((a) => a.operator === null));
    expect(await ids({ operator: { attributeExists: true } })).toEqual(expected((a) => a.operator !== null));
  });

  it('combines conditions with and, or and not', async () => {
    expect(await ids({ and: [{ clientNumber: { eq: 'C-2' } }, { accountStatus: { eq: 'OPEN' } }] })).toEqual(expected((a) => a.clientNumber === 'C-2' && a.accountStatus === 'OPEN'));
    expect(await ids({ or: [{ fileNumber: { eq: 'F1001' } }, { fileNumber: { eq: 'F1029' } }] })).toEqual(['acc-01', 'acc-29']);
    expect(await ids({ not: { accountStatus: { eq: 'OPEN' } } })).toEqual(expected((a) => a.accountStatus !== 'OPEN'));
    expect(await ids({ not: { operator: { eq: 'op-2' } } })).toEqual(expected((a) => a.operator !== 'op-2'));
    expect(await ids({ clientNumber: { eq: 'C-2' }, or: [{ tuScore: { lt: 550 } }, { tuScore: { gt: 780 } }] })).toEqual(
      expected((a) => a.clientNumber === 'C-2' && (a.tuScore < 550 || a.tuScore > 780)),
    );
  });

  it('pages through a filtered list with nextToken, every row once, in id order', async () => {
    const seen: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof h.gql<{ listAccountMdls: Page }>>> = await h.gql<{ listAccountMdls: Page }>(
        admin,
        'query ($t: String) { listAccountMdls(filter: { clientNumber: { eq: "C-2" } }, limit: 4, nextToken: $t) { items { id } nextToken } }',
        { t: nextToken },
      );
      const page = res.body.data?.listAccountMdls;
      seen.push(...(page?.items ?? []).map((i) => i.id));
      nextToken = page?.nextToken ?? null;
      pages += 1;
    } while (nextToken !== null);
    expect(seen).toEqual(expected((a) => a.clientNumber === 'C-2'));
    expect(pages).toBe(Math.ceil(seen.length / 4));
  });

  it('returns no nextToken when the last page is exactly full', async () => {
    const res = await h.gql<{ listAccountMdls: Page }>(admin, '{ listAccountMdls(filter: { clientNumber: { eq: "C-1" } }, limit: 10) { items { id } nextToken } }');
    expect(res.body.data?.listAccountMdls.items).toHaveLength(10);
    expect(res.body.data?.listAccountMdls.nextToken).toBeNull();
  });

  it('serves hasMany connections with their own filter, limit and nextToken', async () => {
    const q = `query ($t: String) { getAccountMdl(id: "acc-00") { Contacts(limit: 6, nextToken: $t) { items { id accountmdlID } nextToken } Transactions { items { id } } } }`;
    const first = await h.gql<{ getAccountMdl: { Contacts: Page; Transactions: Page } }>(admin, q, { t: null });
    const p1 = first.body.data?.getAccountMdl.Contacts;
    expect(p1?.items.map((i) => i.id)).toEqual(['con-00', 'con-01', 'con-02', 'con-03', 'con-04', 'con-05']);
    expect(first.body.data?.getAccountMdl.Transactions.items).toEqual([]);
    const second = await h.gql<{ getAccountMdl: { Contacts: Page } }>(admin, q, { t: p1?.nextToken });
    expect(second.body.data?.getAccountMdl.Contacts.items.map((i) => i.id)).toEqual(['con-06', 'con-07', 'con-08', 'con-09', 'con-10', 'con-11']);
    const filtered = await h.gql<{ getAccountMdl: { Contacts: Page } }>(admin, '{ getAccountMdl(id: "acc-01") { Contacts(filter: { completed: { eq: true } }) { items { id } } } }');
    expect(filtered.body.data?.getAccountMdl.Contacts.items.map((i) => i.id)).toEqual(['con-16', 'con-18', 'con-20', 'con-22', 'con-24']);
  });

  it('refuses a connection nextToken on another parent', async () => {
    const first = await h.gql<{ getAccountMdl: { Contacts: Page } }>(admin, '{ getAccountMdl(id: "acc-00") { Contacts(limit: 2) { nextToken } } }');
    const token = first.body.data?.getAccountMdl.Contacts.nextToken;
    const res = await h.gql(admin, 'query ($t: String) { getAccountMdl(id: "acc-01") { id Contacts(nextToken: $t) { items { id } } } }', { t: token });
    expect(res.body.errors?.[0]).toMatchObject({ errorType: 'InvalidNextTokenException', path: ['getAccountMdl', 'Contacts'] });
  });

  it('serves many-to-many joins in both directions', async () => {
    await h.gql(admin, 'mutation { createUserMdl(input: { id: "um-1", userId: "sub-x", firstName: "Xena" }) { id } }');
    await h.gql(admin, 'mutation { createTicketMdl(input: { id: "tk-1", subject: "Help" }) { id } }');
    await h.gql(admin, 'mutation { createUserTicket(input: { userMdlId: "um-1", ticketMdlId: "tk-1" }) { id } }');
    const fromUser = await h.gql(admin, '{ getUserMdl(id: "um-1") { Tickets { items { ticketMdl { subject } } } } }');
    expect(fromUser.body.data).toEqual({ getUserMdl: { Tickets: { items: [{ ticketMdl: { subject: 'Help' } }] } } });
    const fromTicket = await h.gql(admin, '{ getTicketMdl(id: "tk-1") { Users { items { userMdl { firstName } } } } }');
    expect(fromTicket.body.data).toEqual({ getTicketMdl: { Users: { items: [{ userMdl: { firstName: 'Xena' } }] } } });
  });

  it('loads a connection of every account of a page with one query, not one per account', async () => {
    const counted = countQueries(h.db);
    const res = await h.gql<{ listAccountMdls: Page<{ id: string; Contacts: Page }> }>(admin, '{ listAccountMdls(limit: 30) { items { id Contacts(limit: 3) { items { id } } } } }');
    counted.stop();
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.listAccountMdls.items).toHaveLength(30);
    expect(res.body.data?.listAccountMdls.items.find((a) => a.id === 'acc-01')?.Contacts.items.map((c) => c.id)).toEqual(['con-15', 'con-16', 'con-17']);
    // caller profile + the list + one batched connection query
    expect(counted.count).toBeLessThanOrEqual(3);
  });
});

/** Counts the queries run on `db` until stopped (wraps its query method). */
function countQueries(db: Database): { count: number; stop: () => void } {
  const original = db.query.bind(db);
  const state = { count: 0, stop: () => undefined as void };
  const target: { query: Database['query'] } = db;
  target.query = <T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    state.count += 1;
    return original<T>(sql, params);
  };
  state.stop = () => {
    target.query = original;
  };
  return state;
}
