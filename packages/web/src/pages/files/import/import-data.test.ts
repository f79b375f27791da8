import { createGraphqlTransport, createModelClient } from '@steward/data-client';
import { describe, expect, it } from 'vitest';
import type { DataPort } from '../../../app/ports';
import { scriptedData } from '../../../testing/scripted-ports';
import { batchItemErrorsOf, dataImportTarget } from './import-data';
import { BatchItemsRefusedError } from './import-runner';

/** data-client's real model client over a fetch that answers every request with `body`. */
function dataAnswering(body: unknown, sent: unknown[] = []): DataPort {
  const transport = createGraphqlTransport({
    endpoint: 'http://data.test/graphql',
    tokenSource: async () => 'token',
    fetch: async (_url, init) => {
      sent.push(JSON.parse(init?.body as string));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  const data = scriptedData();
  data.models.mockResolvedValue(createModelClient(transport));
  return data;
}

describe('dataImportTarget', () => {
  it('sends the batch as one batchUpsert mutation and returns its counts', async () => {
    const sent: unknown[] = [];
    const data = dataAnswering({ data: { batchUpsertAccountMdls: { created: 1, updated: 1, unchanged: 0 } } }, sent);
    const items = [
      { clientNumber: 'C-1001', fileNumber: 'F-1', currentUpb: 12.5 },
      { clientNumber: 'C-1001', fileNumber: 'F-2' },
    ];
    await expect(dataImportTarget(data, 'AccountMdl').upsert(items)).resolves.toEqual({ created: 1, updated: 1, unchanged: 0 });
    expect(sent).toEqual([{ query: expect.stringContaining('batchUpsertAccountMdls') as unknown, variables: { input: items } }]);
  });

  it("turns the server's BatchItemsInvalid refusal into the runner's item errors", async () => {
    const data = dataAnswering({
      data: null,
      errors: [
        {
          errorType: 'BatchItemsInvalid',
          message: '1 of 2 items are invalid; nothing was written.',
          errorInfo: { recoverySuggestion: 'Fix them.', items: [{ index: 1, field: 'fileNumber', message: 'No account F-9 for client C-1001.' }], invalidCount: 1 },
        },
      ],
    });
    const refusal = await dataImportTarget(data, 'DebtorMdl')
      .upsert([{}, {}])
      .catch((failure: unknown) => failure);
    expect(refusal).toBeInstanceOf(BatchItemsRefusedError);
    expect((refusal as BatchItemsRefusedError).items).toEqual([{ index: 1, field: 'fileNumber', message: 'No account F-9 for client C-1001.' }]);
  });

  it('passes any other failure on unchanged', async () => {
    const data = dataAnswering({ data: null, errors: [{ errorType: 'UnauthorizedException', message: 'Not allowed' }] });
    const failure = await dataImportTarget(data, 'TransactionMdl')
      .upsert([{}])
      .catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(BatchItemsRefusedError);
    expect(batchItemErrorsOf(failure)).toBeNull();
  });
});

describe('batchItemErrorsOf', () => {
  it('reads items with no field as an empty field name and ignores entries without an index', () => {
    expect(batchItemErrorsOf({ items: [{ index: 0, field: null, message: 'bad' }, { field: 'x' }] })).toEqual([{ index: 0, field: '', message: 'bad' }]);
    expect(batchItemErrorsOf(new Error('x'))).toBeNull();
  });
});
