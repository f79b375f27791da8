import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, makeUser, startDataApi, type DataApiHarness, type GqlResponse, type TestUser } from './data-api-harness.js';

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

interface ItemError {
  index: number;
  field: string | null;
  message: string;
}

type BatchResponse = GqlResponse<Record<string, Counts | null>> & {
  body: { errors?: readonly { errorType: string; message: string; errorInfo?: { items?: ItemError[]; invalidCount?: number } }[] };
};

const ACCOUNTS = 'mutation ($input: [CreateAccountMdlInput!]!) { batchUpsertAccountMdls(input: $input) { created updated unchanged } }';
const DEBTORS = 'mutation ($input: [CreateDebtorMdlInput!]!) { batchUpsertDebtorMdls(input: $input) { created updated unchanged } }';
const TRANSACTIONS = 'mutation ($input: [CreateTransactionMdlInput!]!) { batchUpsertTransactionMdls(input: $input) { created updated unchanged } }';

const account = (client: string, file: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  clientNumber: client,
  fileNumber: `F-${file}`,
  accountStatus: 'ACTIVE',
  currentUpb: 100 + file,
  ...extra,
});

describe.each(BACKENDS)('batch upsert on %s', (backend) => {
  let h: DataApiHarness;
  let staff: TestUser;
  let client: TestUser;

  const send = (token: string, query: string, input: unknown): Promise<BatchResponse> => h.gql(token, query, { input });
  const countRows = async (table: string, where = 'TRUE', params: unknown[] = []): Promise<number> =>
    Number((await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`, params))[0]?.n);

  beforeAll(async () => {
    h = await startDataApi(backend);
    staff = await makeUser(h, 'sub-staff', { userType: 'staff' });
    client = await makeUser(h, 'sub-client', { userType: 'client', clientNumber: 'C-1' });
    for (const clientNumber of ['C-1', 'C-2', 'C-3', 'C-4']) {
      const res = await h.gql(staff.token, 'mutation ($i: CreateClientMdlInput!) { createClientMdl(input: $i) { id } }', { i: { clientNumber, clientName: clientNumber } });
      expect(res.body.errors).toBeUndefined();
    }
  });
  afterAll(async () => h.close());

  it('creates, updates and leaves unchanged by natural key, and counts each', async () => {
    const first = await send(staff.token, ACCOUNTS, [account('C-1', 1), account('C-1', 2), account('C-2', 1)]);
    expect(first.body).toEqual({ data: { batchUpsertAccountMdls: { created: 3, updated: 0, unchanged: 0 } } });
    const before = await h.db.query<{ id: string; createdAt: string; updatedAt: string }>(`SELECT "id", "createdAt"::text, "updatedAt"::text FROM "AccountMdl" WHERE "clientNumber" = 'C-1' AND "fileNumber" = 'F-1'`);
    const second = await send(staff.token, ACCOUNTS, [account('C-1', 1, { accountStatus: 'CLOSED' }), account('C-1', 2), account('C-2', 2)]);
    expect(second.body).toEqual({ data: { batchUpsertAccountMdls: { created: 1, updated: 1, unchanged: 1 } } });
    const after = await h.db.query<{ id: string; createdAt: string; updatedAt: string; accountStatus: string; clientmdlID: string | null }>(
      `SELECT "id", "createdAt"::text, "updatedAt"::text, "accountStatus", "clientmdlID" FROM "AccountMdl" WHERE "clientNumber" = 'C-1' AND "fileNumber" = 'F-1'`,
    );
    expect(after).toHaveLength(1);
    expect(after[0]?.id).toBe(before[0]?.id);
    expect(after[0]?.createdAt).toBe(before[0]?.createdAt);
    expect(after[0]?.updatedAt).not.toBe(before[0]?.updatedAt);
    expect(after[0]?.accountStatus).toBe('CLOSED');
    // The client record was found by its number.
    const clientId = await h.db.query<{ id: string }>(`SELECT "id" FROM "ClientMdl" WHERE "clientNumber" = 'C-1'`);
    expect(after[0]?.clientmdlID).toBe(clientId[0]?.id);
  });

  it('changes nothing when the same batch is sent again: no duplicates, all unchanged', async () => {
    const batch = Array.from({ length: 50 }, (_, i) => account('C-3', i, { listedDate: '2024-02-29', amountPaid: 12.345, disputed: i % 2 === 0, delinquencyDate: '2024-01-15' }));
    expect((await send(staff.token, ACCOUNTS, batch)).body.data?.batchUpsertAccountMdls).toEqual({ created: 50, updated: 0, unchanged: 0 });
    const stamps = await h.db.query(`SELECT "id", "updatedAt" FROM "AccountMdl" WHERE "clientNumber" = 'C-3' ORDER BY "id"`);
    expect((await send(staff.token, ACCOUNTS, batch)).body.data?.batchUpsertAccountMdls).toEqual({ created: 0, updated: 0, unchanged: 50 });
    expect(await h.db.query(`SELECT "id", "updatedAt" FROM "AccountMdl" WHERE "clientNumber" = 'C-3' ORDER BY "id"`)).toEqual(stamps);
  });

  it('writes nothing when one item is bad, and names every bad item with its field', async () => {
    const batch = [account('C-4', 1), account('C-4', 2, { amountPaid: 1e17 }), account('C-4', 3), account('C-9', 4), { clientNumber: 'C-4' }];
    const res = await send(staff.token, ACCOUNTS, batch);
    expect(res.body.data?.batchUpsertAccountMdls ?? null).toBeNull();
    const error = res.body.errors?.[0];
    expect(error?.errorType).toBe('BatchItemsInvalid');
    expect(error?.message).toMatch(/^3 of 5 items are invalid; nothing was written\. Item 1 \(amountPaid\)/);
    expect(error?.errorInfo?.invalidCount).toBe(3);
    expect(error?.errorInfo?.items?.map((i) => [i.index, i.field])).toEqual([
      [1, 'amountPaid'],
      [3, 'clientNumber'],
      [4, 'fileNumber'],
    ]);
    expect(error?.errorInfo?.items?.[1]?.message).toBe('no client has clientNumber "C-9".');
    expect(await countRows('AccountMdl', `"clientNumber" = 'C-4'`)).toBe(0);
  });

  it('refuses two items with the same natural key in one batch', async () => {
    const res = await send(staff.token, ACCOUNTS, [account('C-4', 10), account('C-4', 11), account('C-4', 10, { accountStatus: 'CLOSED' })]);
    expect(res.body.errors?.[0]?.errorType).toBe('BatchItemsInvalid');
    expect(res.body.errors?.[0]?.errorInfo?.items).toEqual([{ index: 2, field: 'clientNumber,fileNumber', message: "the natural key (clientNumber, fileNumber) is the same as item 0's." }]);
    expect(await countRows('AccountMdl', `"clientNumber" = 'C-4'`)).toBe(0);
  });

  it('refuses a batch over the item limit as a whole', async () => {
    const res = await send(staff.token, ACCOUNTS, Array.from({ length: 1001 }, (_, i) => ({ clientNumber: 'C-4', fileNumber: `L-${i}` })));
    expect(res.body.errors?.[0]?.errorType).toBe('QueryLimitExceededException');
    expect(res.body.errors?.[0]?.message).toBe('batchUpsertAccountMdls takes at most 1000 items; got 1001. Split the batch.');
    expect(await countRows('AccountMdl', `"clientNumber" = 'C-4'`)).toBe(0);
  });

  it('refuses client users as createX does, and writes nothing', async () => {
    // Threat: a client user writing records of their own or another client in bulk.
    const res = await send(client.token, ACCOUNTS, [account('C-1', 99)]);
    expect(res.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: 'Not Authorized to access batchUpsertAccountMdls on type Mutation' });
    expect(res.body.data?.batchUpsertAccountMdls ?? null).toBeNull();
    expect(await countRows('AccountMdl', `"fileNumber" = 'F-99'`)).toBe(0);
  });

  it('fills accountmdlID from client and file number, and refuses an item naming no account', async () => {
    await send(staff.token, ACCOUNTS, [account('C-2', 50)]);
    const accountId = (await h.db.query<{ id: string }>(`SELECT "id" FROM "AccountMdl" WHERE "clientNumber" = 'C-2' AND "fileNumber" = 'F-50'`))[0]?.id;
    const debtor = { clientNumber: 'C-2', fileNumber: 'F-50', debtorSeq: 1, firstName: 'Ada', zipCode: '10001', doNotContact: '{"all":true}' };
    const bad = await send(staff.token, DEBTORS, [debtor, { ...debtor, fileNumber: 'F-404' }]);
    expect(bad.body.errors?.[0]?.errorInfo?.items).toEqual([{ index: 1, field: 'fileNumber', message: 'no account has clientNumber "C-2" and fileNumber "F-404".' }]);
    expect(await countRows('DebtorMdl')).toBe(0);
    const ok = await send(staff.token, DEBTORS, [debtor, { ...debtor, debtorSeq: 2, firstName: 'Bo' }]);
    expect(ok.body.data?.batchUpsertDebtorMdls).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await countRows('DebtorMdl', '"accountmdlID" = $1', [accountId])).toBe(2);
    const payment = { clientNumber: 'C-2', fileNumber: 'F-50', transactionRef: 'T-1', paymentAmount: 25.5, postedDate: '2024-03-01' };
    const tx = await send(staff.token, TRANSACTIONS, [payment, { ...payment, transactionRef: 'T-2' }]);
    expect(tx.body.data?.batchUpsertTransactionMdls).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await countRows('TransactionMdl', '"accountmdlID" = $1', [accountId])).toBe(2);
    const missingRef = await send(staff.token, TRANSACTIONS, [{ clientNumber: 'C-2', paymentAmount: 1 }]);
    expect(missingRef.body.errors?.[0]?.errorInfo?.items?.[0]).toMatchObject({ index: 0, field: 'transactionRef' });
  });

  it('never creates duplicates when two overlapping batches arrive at once', async () => {
    const a = Array.from({ length: 200 }, (_, i) => account('C-3', 0, { fileNumber: `P-${i}`, accountStatus: 'A' }));
    const b = Array.from({ length: 200 }, (_, i) => account('C-3', 0, { fileNumber: `P-${100 + i}`, accountStatus: 'B' })).reverse();
    const [ra, rb] = await Promise.all([send(staff.token, ACCOUNTS, a), send(staff.token, ACCOUNTS, b)]);
    expect(ra.body.errors).toBeUndefined();
    expect(rb.body.errors).toBeUndefined();
    const ca = ra.body.data?.batchUpsertAccountMdls;
    const cb = rb.body.data?.batchUpsertAccountMdls;
    // 300 distinct keys: whichever batch came second updated (or matched) the 100 they share.
    expect((ca?.created ?? 0) + (cb?.created ?? 0)).toBe(300);
    expect((ca?.updated ?? 0) + (cb?.updated ?? 0)).toBe(100);
    const dupes = await h.db.query(`SELECT "fileNumber" FROM "AccountMdl" WHERE "clientNumber" = 'C-3' GROUP BY "fileNumber" HAVING count(*) > 1`);
    expect(dupes).toEqual([]);
    expect(await countRows('AccountMdl', `"clientNumber" = 'C-3' AND "fileNumber" LIKE 'P-%'`)).toBe(300);
  });
});
