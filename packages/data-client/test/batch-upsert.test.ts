import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchItemsInvalidError, entityNaturalKeys, entityPlurals, isDataClientError, type DataClient } from '../src/index.js';
import { BACKENDS, clientFor, startDataApi, type DataApiHarness } from './data-client-harness.js';

describe.each(BACKENDS)('batchUpsert through the data client on %s', (backend) => {
  let h: DataApiHarness;
  let staff: DataClient;
  let token: string;

  beforeAll(async () => {
    h = await startDataApi(backend);
    ({ client: staff, accessToken: token } = await clientFor(h, 'sub-batch-staff', {}, { groups: ['Staff'] }));
    await staff.models.ClientMdl.create({ clientNumber: 'C-7', clientName: 'Seven' });
  });
  afterAll(async () => h.close());

  it('exists exactly for the entities the server has a batchUpsert mutation for', async () => {
    const res = await h.gql<{ __type: { fields: { name: string }[] } }>(token, '{ __type(name: "Mutation") { fields { name } } }');
    const batchMutations = (res.body.data?.__type.fields ?? []).map((f) => f.name).filter((n) => n.startsWith('batchUpsert'));
    expect(batchMutations.sort()).toEqual(Object.keys(entityNaturalKeys).map((n) => `batchUpsert${entityPlurals[n as keyof typeof entityNaturalKeys]}`).sort());
    expect('batchUpsert' in staff.models.AccountMdl).toBe(true);
    expect('batchUpsert' in staff.models.ClientMdl).toBe(false);
    // @ts-expect-error ClientMdl has no natural key, so no batchUpsert.
    expect(staff.models.ClientMdl.batchUpsert).toBeUndefined();
  });

  it('creates, then finds the same items unchanged, and counts each', async () => {
    const items = [
      { clientNumber: 'C-7', fileNumber: 'F-1', currentUpb: 10 },
      { clientNumber: 'C-7', fileNumber: 'F-2', currentUpb: 20 },
    ];
    expect(await staff.models.AccountMdl.batchUpsert(items)).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await staff.models.AccountMdl.batchUpsert([...items, { clientNumber: 'C-7', fileNumber: 'F-1', currentUpb: 11 }].slice(1))).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const debtors = await staff.models.DebtorMdl.batchUpsert([{ clientNumber: 'C-7', fileNumber: 'F-1', debtorSeq: 1, phone: '+15550100' }]);
    expect(debtors).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });

  it('rejects a batch with bad items in a typed error listing each item, and writes nothing', async () => {
    const error = await staff.models.AccountMdl.batchUpsert([
      { clientNumber: 'C-7', fileNumber: 'F-10' },
      { clientNumber: 'C-404', fileNumber: 'F-11' },
      { clientNumber: 'C-7', fileNumber: 'F-10' },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchItemsInvalidError);
    expect(isDataClientError(error, 'BatchItemsInvalidError')).toBe(true);
    const batchError = error as BatchItemsInvalidError;
    expect(batchError.errorType).toBe('BatchItemsInvalid');
    expect(batchError.invalidCount).toBe(2);
    expect(batchError.items.map((i) => [i.index, i.field])).toEqual([
      [1, 'clientNumber'],
      [2, 'clientNumber,fileNumber'],
    ]);
    expect((await staff.models.AccountMdl.list({ filter: { fileNumber: { eq: 'F-10' } } })).items).toEqual([]);
  });
});
