import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryModels } from '../../../testing/memory-models';
import { renderApp, resetStores } from '../../../testing/render-app';
import { signedInServices } from '../../../testing/signed-in';
import type { EntityRow } from '../../entities/entity-access';
import { parseClientFile, sha256Hex } from './parse-file';
import type { WorkerReply, WorkerRequest } from './parse-messages';

/** jsdom has no Web Worker: this one runs the worker's real parser on the page's thread. */
class InThreadWorker {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(request: WorkerRequest): void {
    const reply = (message: WorkerReply): void => this.onmessage?.({ data: message } as MessageEvent<WorkerReply>);
    const run = async (): Promise<void> => {
      // jsdom's File has no arrayBuffer() and its buffers are not Node's: the UTF-8 text gives the same bytes.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(request.file);
      });
      reply({ type: 'hash', hash: await sha256Hex(new TextEncoder().encode(text).buffer) });
      await parseClientFile(request.file, request.file.name, {
        headers: (headers, source) => reply({ type: 'headers', headers, source }),
        rows: (rows) => reply({ type: 'rows', rows }),
        done: (totalRows) => reply({ type: 'done', totalRows }),
      });
    };
    void run();
  }
  terminate(): void {}
}

const CSV = ['Client No,File No,Balance,Listed', 'C-1001,F-1,"1,234.56",1/15/2024', 'C-1001,F-2,$250,2024-02-01', 'C-9999,F-3,12.345,2024-02-30'].join('\n');

function setUp() {
  const services = signedInServices();
  const tables: Record<string, EntityRow[]> = { ClientMdl: [{ id: 'c1', clientNumber: 'C-1001', clientName: 'Acme' }], MappingMdl: [], ImportMdl: [] };
  const memory = memoryModels(tables);
  const stored = new Map<string, Record<string, unknown>>();
  const batches: Record<string, unknown>[][] = [];
  services.data.models.mockImplementation(async () => {
    const models = await memory.models();
    // The server's batch upsert: by natural key, created or unchanged.
    const batchUpsert = async (items: readonly Record<string, unknown>[]) => {
      batches.push([...items]);
      let created = 0;
      let unchanged = 0;
      for (const item of items) {
        const key = `${String(item.clientNumber)}/${String(item.fileNumber)}`;
        if (stored.has(key)) unchanged++;
        else created++;
        stored.set(key, item);
      }
      return { created, updated: 0, unchanged };
    };
    return new Proxy(models, { get: (target, entity) => (entity === 'AccountMdl' ? { ...target.AccountMdl, batchUpsert } : target[entity as keyof typeof target]) });
  });
  return { services, tables, stored, batches };
}

describe('the client file importer', () => {
  beforeEach(() => {
    resetStores();
    vi.stubGlobal('Worker', InThreadWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('maps the columns, shows each bad row with its fields, imports the valid rows and records the run', async () => {
    const { services, tables, stored, batches } = setUp();
    await renderApp(services, '/files');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Client file'), new File([CSV], 'accounts.csv', { type: 'text/csv' }));

    await screen.findByText('accounts.csv: 3 rows, 4 columns.');
    expect(screen.getByLabelText<HTMLSelectElement>('Field for column Balance').value).toBe('currentUpb');
    await screen.findByText('3 rows: 2 rows ready to import, 1 row with errors.');
    const errors = screen.getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getAllByRole('row')).toHaveLength(4);
    within(errors).getByText('Client number “C-9999” does not exist or is not yours to import for.');
    within(errors).getByText('“12.345” has more than two decimals (cents).');

    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Import done: 2 created, 0 updated, 0 unchanged, 1 row with errors.');
    expect(batches).toEqual([
      [
        // No client name column: the name comes from the client number.
        { clientNumber: 'C-1001', fileNumber: 'F-1', currentUpb: 1234.56, listedDate: '2024-01-15', clientName: 'Acme' },
        { clientNumber: 'C-1001', fileNumber: 'F-2', currentUpb: 250, listedDate: '2024-02-01', clientName: 'Acme' },
      ],
    ]);
    expect(stored.size).toBe(2);
    expect(tables.ImportMdl).toEqual([
      expect.objectContaining({ fileName: 'accounts.csv', entityName: 'AccountMdl', status: 'done', totalRows: 3, validRows: 2, errorRows: 1, createdCount: 2, rowsDone: 3, importedBy: 'staff@steward.example.com' }),
    ]);
    const progress = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(progress.getAttribute('value')).toBe('3');
    const history = screen.getByRole('region', { name: 'Import history' });
    await waitFor(() => expect(within(history).getByText('accounts.csv')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Import done: 0 created, 0 updated, 2 unchanged, 1 row with errors.');
    expect(stored.size).toBe(2);
  });

  it('saves the mapping as a MappingMdl with its entity and columns', async () => {
    const { services, tables } = setUp();
    await renderApp(services, '/files');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Client file'), new File([CSV], 'accounts.csv', { type: 'text/csv' }));
    await screen.findByText('accounts.csv: 3 rows, 4 columns.');
    await user.selectOptions(screen.getByLabelText('Field for column Listed'), '');
    await user.type(screen.getByLabelText('Mapping name'), 'Acme monthly');
    await user.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(tables.MappingMdl).toHaveLength(1));
    expect(tables.MappingMdl?.[0]).toMatchObject({ mapName: 'Acme monthly' });
    expect(JSON.parse(String(tables.MappingMdl?.[0]?.mapData))).toEqual({ entity: 'AccountMdl', columns: { 'Client No': 'clientNumber', 'File No': 'fileNumber', Balance: 'currentUpb' } });
  });

  it('refuses to start while a required field has no column, and says which', async () => {
    const { services } = setUp();
    await renderApp(services, '/files');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Client file'), new File([CSV], 'accounts.csv', { type: 'text/csv' }));
    await screen.findByText('accounts.csv: 3 rows, 4 columns.');
    await user.selectOptions(screen.getByLabelText('Field for column File No'), '');
    await screen.findByText('Map a column to: File number.');
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });
});
