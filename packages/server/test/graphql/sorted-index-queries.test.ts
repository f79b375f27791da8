import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, makeUser, startDataApi, type DataApiHarness, type GqlResponse } from './data-api-harness.js';

interface Page {
  items: { id: string; fileNumber?: string | null; listedDate?: string | null; currentUpb?: number | null }[];
  nextToken: string | null;
}

// Several accounts share a listing date and a balance, so the order must break ties by id to page
// without gaps or repeats; two have no listing date and are not in that index (as in DynamoDB).
const ACCOUNTS = Array.from({ length: 23 }, (_, i) => ({
  id: `acc-${String(i).padStart(2, '0')}`,
  clientNumber: i % 2 === 0 ? 'C-1' : 'C-2',
  accountStatus: i % 3 === 0 ? 'CLOSED' : 'ACTIVE',
  fileNumber: `F${String(1000 + ((i * 7) % 23))}`,
  listedDate: i >= 21 ? null : `2024-0${(i % 4) + 1}-1${i % 3}`,
  currentUpb: [100.1, 0.3, 2500, 99999.99][i % 4],
}));

type Account = (typeof ACCOUNTS)[number];

function sortedIds(rows: readonly Account[], key: 'listedDate' | 'fileNumber' | 'currentUpb', direction: 'ASC' | 'DESC'): string[] {
  const present = rows.filter((a) => a[key] !== null);
  present.sort((a, b) => {
    const x = a[key] as string | number;
    const y = b[key] as string | number;
    const byKey = x < y ? -1 : x > y ? 1 : 0;
    return byKey !== 0 ? byKey : a.id < b.id ? -1 : 1;
  });
  const ids = present.map((a) => a.id);
  return direction === 'ASC' ? ids : ids.reverse();
}

describe.each(BACKENDS)('sorted index queries on %s', (backend) => {
  let h: DataApiHarness;
  let admin: string;

  /** Every page of `query` (limit 5), following nextToken; returns the ids in order and the page count. */
  const walk = async (token: string, field: string, query: string, variables: Record<string, unknown>): Promise<{ ids: string[]; pages: number }> => {
    const ids: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const res: GqlResponse<Record<string, Page>> = await h.gql<Record<string, Page>>(token, query, { ...variables, nextToken });
      expect(res.body.errors).toBeUndefined();
      const page = res.body.data?.[field];
      if (page === undefined) throw new Error('no page');
      ids.push(...page.items.map((i) => i.id));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken !== null && pages < 20);
    return { ids, pages };
  };

  beforeAll(async () => {
    h = await startDataApi(backend);
    admin = await h.tokens.issue('admin-sub', { groups: ['Admins'] });
    for (const a of ACCOUNTS) {
      const res = await h.gql(admin, 'mutation ($i: CreateAccountMdlInput!) { createAccountMdl(input: $i) { id } }', { i: a });
      expect(res.body.errors).toBeUndefined();
    }
  });
  afterAll(async () => h.close());

  it('pages through every record in sort-key order, both directions, ties broken by id, records without the key left out', async () => {
    const query = 'query ($d: ModelSortDirection, $nextToken: String) { accountMdlsByListedDate(sortDirection: $d, limit: 5, nextToken: $nextToken) { items { id } nextToken } }';
    const asc = await walk(admin, 'accountMdlsByListedDate', query, { d: 'ASC' });
    expect(asc.ids).toEqual(sortedIds(ACCOUNTS, 'listedDate', 'ASC'));
    expect(asc.ids).toHaveLength(21);
    const desc = await walk(admin, 'accountMdlsByListedDate', query, { d: 'DESC' });
    expect(desc.ids).toEqual(sortedIds(ACCOUNTS, 'listedDate', 'DESC'));
  });

  it('sorts money as numbers, not as text', async () => {
    const query = 'query ($d: ModelSortDirection, $nextToken: String) { accountMdlsByCurrentUpb(sortDirection: $d, limit: 4, nextToken: $nextToken) { items { id currentUpb } nextToken } }';
    const desc = await walk(admin, 'accountMdlsByCurrentUpb', query, { d: 'DESC' });
    expect(desc.ids).toEqual(sortedIds(ACCOUNTS, 'currentUpb', 'DESC'));
  });

  it('sorts within one partition key value with a key condition and a filter, as AppSync index queries do', async () => {
    const query =
      'query ($c: String!, $k: ModelStringKeyConditionInput, $f: ModelAccountMdlFilterInput, $nextToken: String) { accountMdlsByClientNumberAndListedDate(clientNumber: $c, listedDate: $k, sortDirection: DESC, filter: $f, limit: 2, nextToken: $nextToken) { items { id listedDate } nextToken } }';
    const { ids } = await walk(admin, 'accountMdlsByClientNumberAndListedDate', query, { c: 'C-1', k: { ge: '2024-02-01' }, f: { accountStatus: { eq: 'ACTIVE' } } });
    const wanted = ACCOUNTS.filter((a) => a.clientNumber === 'C-1' && a.accountStatus === 'ACTIVE' && a.listedDate !== null && a.listedDate >= '2024-02-01');
    expect(ids).toEqual(sortedIds(wanted, 'listedDate', 'DESC'));
    expect(ids.length).toBeGreaterThan(2);
  });

  it('defaults to ascending order', async () => {
    const res = await h.gql<{ accountMdlsByFileNumber: Page }>(admin, '{ accountMdlsByFileNumber(limit: 1000) { items { id } nextToken } }');
    expect(res.body.data?.accountMdlsByFileNumber.items.map((i) => i.id)).toEqual(sortedIds(ACCOUNTS, 'fileNumber', 'ASC'));
  });

  it('refuses a nextToken replayed with another direction, partition, key condition or filter', async () => {
    const first = await h.gql<{ accountMdlsByClientNumberAndFileNumber: Page }>(
      admin,
      '{ accountMdlsByClientNumberAndFileNumber(clientNumber: "C-1", sortDirection: ASC, limit: 2) { items { id } nextToken } }',
    );
    const token = first.body.data?.accountMdlsByClientNumberAndFileNumber.nextToken;
    expect(typeof token).toBe('string');
    for (const args of ['clientNumber: "C-1", sortDirection: DESC', 'clientNumber: "C-2", sortDirection: ASC', 'clientNumber: "C-1", fileNumber: { beginsWith: "F" }', 'clientNumber: "C-1", filter: { accountStatus: { eq: "ACTIVE" } }']) {
      const res = await h.gql(admin, `query ($t: String) { accountMdlsByClientNumberAndFileNumber(${args}, limit: 2, nextToken: $t) { items { id } } }`, { t: token });
      expect(res.body.errors?.[0]?.errorType, args).toBe('InvalidNextTokenException');
    }
    const same = await h.gql(admin, 'query ($t: String) { accountMdlsByClientNumberAndFileNumber(clientNumber: "C-1", sortDirection: ASC, limit: 2, nextToken: $t) { items { id } } }', { t: token });
    expect(same.body.errors).toBeUndefined();
  });

  it('applies the read rules: a client user sees only their own client in sorted order', async () => {
    const client = await makeUser(h, 'client-sorted', { userType: 'client', clientNumber: 'C-2' });
    const query = 'query ($nextToken: String) { accountMdlsByListedDate(limit: 3, nextToken: $nextToken) { items { id } nextToken } }';
    const { ids } = await walk(client.token, 'accountMdlsByListedDate', query, {});
    expect(ids).toEqual(sortedIds(ACCOUNTS.filter((a) => a.clientNumber === 'C-2'), 'listedDate', 'ASC'));
  });

  it('refuses a key condition that is not a date on a date sort key, as the filter does', async () => {
    const res = await h.gql(admin, '{ accountMdlsByListedDate(listedDate: { ge: "March" }) { items { id } } }');
    expect(res.body.errors?.[0]?.errorType).toBe('BadRequestException');
  });

  it('has an index on (sort key, id) for every index query, with the partition key first', async () => {
    const rows = await h.db.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()');
    for (const columns of ['"AccountMdl" USING btree ("listedDate", id)', '"AccountMdl" USING btree ("clientNumber", "listedDate", id)', '"ContactMdl" USING btree ("dueDate", id)', '"TransactionMdl" USING btree ("postedDate", id)']) {
      expect(rows.some((r) => r.indexdef.includes(columns)), columns).toBe(true);
    }
  });

  it('is in the schema with AppSync signatures', async () => {
    const res = await h.gql<{ __schema: { queryType: { fields: { name: string; args: { name: string; type: { name: string | null; kind: string; ofType: { name: string } | null } }[] }[] } } }>(
      admin,
      '{ __schema { queryType { fields { name args { name type { name kind ofType { name } } } } } } }',
    );
    const field = res.body.data?.__schema.queryType.fields.find((f) => f.name === 'accountMdlsByClientNumberAndListedDate');
    expect(field?.args.map((a) => `${a.name}:${a.type.name ?? `${a.type.ofType?.name ?? ''}!`}`)).toEqual([
      'clientNumber:String!',
      'listedDate:ModelStringKeyConditionInput',
      'sortDirection:ModelSortDirection',
      'filter:ModelAccountMdlFilterInput',
      'limit:Int',
      'nextToken:String',
    ]);
  });
});
