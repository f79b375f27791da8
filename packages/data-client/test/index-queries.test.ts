import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityIndexes, type DataClient } from '../src/index.js';
import { BACKENDS, clientFor, startDataApi, type DataApiHarness } from './data-client-harness.js';

const ACCOUNTS = Array.from({ length: 12 }, (_, i) => ({
  id: `acc-${String(i).padStart(2, '0')}`,
  clientNumber: i % 2 === 0 ? 'C-1' : 'C-2',
  fileNumber: `F-${String(200 - i * 3)}`,
  listedDate: `2025-0${(i % 3) + 1}-0${(i % 5) + 1}`,
  currentUpb: [1000.1, 20.05, 300][i % 3] ?? 0,
}));

describe.each(BACKENDS)('typed sorted index queries on %s', (backend) => {
  let h: DataApiHarness;
  let admin: DataClient;
  beforeAll(async () => {
    h = await startDataApi(backend);
    ({ client: admin } = await clientFor(h, 'sub-admin', {}, { groups: ['Admins'] }));
    const models = admin.models;
    for (const a of ACCOUNTS) await models.AccountMdl.create(a);
  });
  afterAll(async () => h.close());

  it('pages through accounts in descending listed-date order with nextToken, ties broken by id', async () => {
    const seen: string[] = [];
    let nextToken: string | null = null;
    do {
      const page: { items: { id: string }[]; nextToken: string | null } = await admin.models.AccountMdl.listByIndex('accountMdlsByListedDate', { sortDirection: 'DESC', limit: 5, nextToken });
      seen.push(...page.items.map((a) => a.id));
      nextToken = page.nextToken;
    } while (nextToken !== null);
    const expected = [...ACCOUNTS].sort((a, b) => (a.listedDate === b.listedDate ? (a.id < b.id ? 1 : -1) : a.listedDate < b.listedDate ? 1 : -1)).map((a) => a.id);
    expect(seen).toEqual(expected);
  });

  it('passes the partition key, key condition and filter of a partitioned index', async () => {
    const page = await admin.models.AccountMdl.listByIndex('accountMdlsByClientNumberAndFileNumber', {
      partition: 'C-2',
      keyCondition: { ge: 'F-180' },
      filter: { currentUpb: { ge: 100 } },
      limit: 100,
    });
    const expected = ACCOUNTS.filter((a) => a.clientNumber === 'C-2' && a.fileNumber >= 'F-180' && a.currentUpb >= 100)
      .sort((a, b) => (a.fileNumber < b.fileNumber ? -1 : 1))
      .map((a) => a.id);
    expect(page.items.map((a) => a.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('knows exactly the index queries the server offers', async () => {
    const token = await h.tokens.issue('schema-reader', { groups: ['Admins'] });
    const res = await h.gql<{ __schema: { queryType: { fields: { name: string }[] } } }>(token, '{ __schema { queryType { fields { name } } } }');
    const server = (res.body.data?.__schema.queryType.fields ?? []).map((f) => f.name).filter((n) => !/^(get|list)[A-Z]/.test(n)).sort();
    const client = Object.values(entityIndexes).flatMap((indexes) => Object.keys(indexes)).sort();
    expect(client).toEqual(server);
  });
});
