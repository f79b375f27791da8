import { describe, expect, it } from 'vitest';
import { BatchItemsRefusedError, findResumePoint, planBatches, runImport } from './import-runner';
import type { BatchResult, ImportHistoryPort, ImportRecordFields, ImportTarget, RunImportOptions } from './import-runner';
import type { ValidRow } from './validate-rows';

/** An in-memory store with the server's batch semantics: all items of a call or none, upsert by fileNumber. */
class FakeStore implements ImportTarget {
  readonly records = new Map<string, Record<string, unknown>>();
  calls: number[] = [];
  /** fileNumbers the "server" refuses as item errors. */
  refuse = new Set<string>();
  /** Throw a network failure on this call number (1-based). */
  failOnCall: number | null = null;
  beforeAnswer: (call: number) => Promise<void> = async () => undefined;

  async upsert(items: readonly Record<string, unknown>[]): Promise<BatchResult> {
    this.calls.push(items.length);
    const call = this.calls.length;
    await this.beforeAnswer(call);
    if (call === this.failOnCall) throw new TypeError('Failed to fetch');
    const bad = items.flatMap((item, index) => (this.refuse.has(String(item.fileNumber)) ? [{ index, field: 'fileNumber', message: 'No such account.' }] : []));
    if (bad.length > 0) throw new BatchItemsRefusedError(bad);
    const result = { created: 0, updated: 0, unchanged: 0 };
    for (const item of items) {
      const key = String(item.fileNumber);
      const existing = this.records.get(key);
      if (existing === undefined) result.created++;
      else if (JSON.stringify(existing) === JSON.stringify(item)) result.unchanged++;
      else result.updated++;
      this.records.set(key, { ...item });
    }
    return result;
  }
}

class FakeHistory implements ImportHistoryPort {
  readonly records = new Map<string, ImportRecordFields>();
  async create(fields: ImportRecordFields): Promise<string> {
    const id = `imp-${this.records.size + 1}`;
    this.records.set(id, { ...fields });
    return id;
  }
  async update(id: string, fields: ImportRecordFields): Promise<void> {
    this.records.set(id, { ...this.records.get(id), ...fields });
  }
}

const rowsOf = (count: number, skip: ReadonlySet<number> = new Set()): ValidRow[] =>
  Array.from({ length: count }, (_, index) => index + 1)
    .filter((row) => !skip.has(row))
    .map((row) => ({ ok: true as const, row, record: { clientNumber: 'C1', fileNumber: `F-${row}`, currentUpb: row }, key: `F-${row}` }));

const meta = { fileName: 'a.csv', fileSize: 10, fileHash: 'abc', entityName: 'AccountMdl', mappingId: null, mapName: null, importedBy: 'staff@example.com' };

function options(store: FakeStore, history: FakeHistory, extra: Partial<RunImportOptions> = {}): RunImportOptions {
  return { target: store, history, meta, rows: rowsOf(10), totalRows: 10, validationErrors: [], invalidRows: 0, batchSize: 3, ...extra };
}

describe('planBatches', () => {
  it('lets each batch settle the refused rows that follow its last valid row', () => {
    const batches = planBatches(rowsOf(8, new Set([4, 5, 8])), 8, 0, 2);
    expect(batches.map((batch) => [batch.rows.map((row) => row.row), batch.coverEnd])).toEqual([
      [[1, 2], 2],
      [[3, 6], 6],
      [[7], 8],
    ]);
  });

  it('starts after the resumed row', () => {
    expect(planBatches(rowsOf(10), 10, 6, 3).map((batch) => batch.rows.map((row) => row.row))).toEqual([[7, 8, 9], [10]]);
  });
});

describe('runImport', () => {
  it('imports every valid row in batches and records the run as done', async () => {
    const store = new FakeStore();
    const history = new FakeHistory();
    const progress: number[] = [];
    const outcome = await runImport(options(store, history, { onProgress: (p) => progress.push(p.rowsDone) }));
    expect(outcome).toMatchObject({ status: 'done', rowsDone: 10, created: 10, updated: 0, errorRows: 0 });
    expect(store.calls).toEqual([3, 3, 3, 1]);
    expect(store.records.size).toBe(10);
    expect(progress.at(-1)).toBe(10);
    expect(history.records.get(outcome.importId)).toMatchObject({ status: 'done', rowsDone: 10, createdCount: 10, updatedCount: 0, totalRows: 10, validRows: 10, fileHash: 'abc' });
    expect(history.records.get(outcome.importId)?.finishedAt).toEqual(expect.any(String));
  });

  it('creates nothing when the same rows are imported again', async () => {
    const store = new FakeStore();
    await runImport(options(store, new FakeHistory()));
    const again = await runImport(options(store, new FakeHistory()));
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 10 });
    expect(store.records.size).toBe(10);
  });

  it('marks the rows the server refuses and sends the rest of their batch again', async () => {
    const store = new FakeStore();
    store.refuse.add('F-2');
    const history = new FakeHistory();
    const outcome = await runImport(options(store, history, { concurrency: 1 }));
    expect(outcome).toMatchObject({ status: 'done', created: 9, errorRows: 1 });
    expect(outcome.errors).toEqual([{ row: 2, field: 'fileNumber', message: 'No such account.' }]);
    expect(store.calls).toEqual([3, 2, 3, 3, 1]);
    expect(store.records.has('F-2')).toBe(false);
    expect(JSON.parse(history.records.get(outcome.importId)?.errors ?? '[]')).toEqual([{ row: 2, field: 'fileNumber', message: 'No such account.' }]);
  });

  it('counts validation errors with the server refusals and stores them first by row', async () => {
    const history = new FakeHistory();
    const outcome = await runImport(
      options(new FakeStore(), history, { rows: rowsOf(10, new Set([5])), validationErrors: [{ row: 5, field: 'currentUpb', message: 'bad' }], invalidRows: 1 }),
    );
    expect(outcome).toMatchObject({ status: 'done', rowsDone: 10, created: 9, errorRows: 1 });
    expect(history.records.get(outcome.importId)).toMatchObject({ errorRows: 1, validRows: 9 });
  });

  it('stops taking batches when cancelled, lets the batches in flight land whole, and records where to resume', async () => {
    const store = new FakeStore();
    const history = new FakeHistory();
    const controller = new AbortController();
    store.beforeAnswer = async (call) => {
      if (call === 2) controller.abort();
    };
    const outcome = await runImport(options(store, history, { signal: controller.signal }));
    expect(outcome.status).toBe('cancelled');
    // Two batches were in flight when the cancel came: both landed, whole.
    expect(store.calls).toEqual([3, 3]);
    expect(store.records.size).toBe(6);
    expect(outcome.rowsDone).toBe(6);
    expect(history.records.get(outcome.importId)).toMatchObject({ status: 'cancelled', rowsDone: 6, createdCount: 6 });
  });

  it('resumes a cancelled run from its rowsDone on the same record, adding to its counts', async () => {
    const store = new FakeStore();
    const history = new FakeHistory();
    const controller = new AbortController();
    store.beforeAnswer = async (call) => {
      if (call === 1) controller.abort();
    };
    const first = await runImport(options(store, history, { signal: controller.signal, concurrency: 1 }));
    expect(first).toMatchObject({ status: 'cancelled', rowsDone: 3 });
    store.beforeAnswer = async () => undefined;
    const resume = findResumePoint([{ id: first.importId, ...history.records.get(first.importId), createdAt: '2026-01-01T00:00:00Z' }], 'abc', 'AccountMdl');
    expect(resume).toMatchObject({ importId: first.importId, rowsDone: 3, createdCount: 3 });
    const second = await runImport(options(store, history, { resume: resume ?? undefined }));
    expect(second).toMatchObject({ importId: first.importId, status: 'done', rowsDone: 10, created: 10 });
    // Rows 1–3 were not sent again.
    expect(store.calls).toEqual([3, 3, 3, 1]);
    expect(history.records.size).toBe(1);
  });

  it('records a failed batch as failed with rowsDone at the last batch that landed before it', async () => {
    const store = new FakeStore();
    store.failOnCall = 2;
    const history = new FakeHistory();
    const outcome = await runImport(options(store, history, { concurrency: 1 }));
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toBeInstanceOf(TypeError);
    expect(outcome.rowsDone).toBe(3);
    expect(store.records.size).toBe(3);
    expect(history.records.get(outcome.importId)).toMatchObject({ status: 'failed', rowsDone: 3 });
  });

  it('keeps rowsDone at the first unsettled batch when a later one lands first', async () => {
    const store = new FakeStore();
    const history = new FakeHistory();
    let releaseFirst: () => void = () => undefined;
    const seen: number[] = [];
    store.beforeAnswer = (call) => (call === 1 ? new Promise<void>((resolve) => (releaseFirst = resolve)) : Promise.resolve());
    const run = runImport(
      options(store, history, {
        onProgress: (p) => {
          seen.push(p.rowsDone);
          // Batch 2 has landed while batch 1 is still in flight: nothing before it is settled yet.
          if (store.calls.length >= 2 && seen.length === 2) releaseFirst();
        },
      }),
    );
    const outcome = await run;
    expect(seen.slice(0, 2)).toEqual([0, 0]);
    expect(outcome.rowsDone).toBe(10);
  });
});

describe('findResumePoint', () => {
  const base = { fileHash: 'abc', entityName: 'AccountMdl', totalRows: 10, rowsDone: 4, createdCount: 4, updatedCount: 0, errorRows: 0 };

  it('offers the newest unfinished run of the same file', () => {
    expect(findResumePoint([{ id: 'old', ...base, status: 'cancelled', rowsDone: 2, createdAt: '2026-01-01' }, { id: 'new', ...base, status: 'running', createdAt: '2026-01-02' }], 'abc', 'AccountMdl')).toMatchObject({
      importId: 'new',
      rowsDone: 4,
    });
  });

  it('offers nothing when the newest run finished, or for another file or entity', () => {
    expect(findResumePoint([{ id: 'a', ...base, status: 'cancelled', createdAt: '2026-01-01' }, { id: 'b', ...base, status: 'done', rowsDone: 10, createdAt: '2026-01-02' }], 'abc', 'AccountMdl')).toBeNull();
    expect(findResumePoint([{ id: 'a', ...base, status: 'cancelled' }], 'other', 'AccountMdl')).toBeNull();
    expect(findResumePoint([{ id: 'a', ...base, status: 'cancelled' }], 'abc', 'DebtorMdl')).toBeNull();
  });
});
