// Sends a file's valid rows to the data API in batches, two in flight, keeping the ImportMdl record
// of the run up to date so an interrupted import can resume where its settled rows end. Each batch
// lands whole or not at all (the server's batch upsert is one transaction); rows the server refuses
// are marked and the rest of their batch is sent again.
import type { RowError, ValidRow } from './validate-rows';

/** What one batch upsert did. */
export interface BatchResult {
  created: number;
  updated: number;
  unchanged: number;
}

/** A refused item of a batch: its index in the batch sent. */
export interface BatchItemError {
  index: number;
  field: string;
  message: string;
}

/** A batch the server refused whole because of some of its items (nothing of it was written). */
export class BatchItemsRefusedError extends Error {
  override readonly name = 'BatchItemsRefusedError';
  constructor(readonly items: readonly BatchItemError[]) {
    super(`The server refused ${items.length} item(s) of the batch.`);
  }
}

/** Where the rows go: a batch upsert that writes all items or none. */
export interface ImportTarget {
  /** Upserts `items` in one transaction; throws BatchItemsRefusedError when some items are bad. */
  upsert: (items: readonly Record<string, unknown>[]) => Promise<BatchResult>;
}

/** The states of an ImportMdl record. */
export type ImportStatus = 'running' | 'cancelled' | 'done' | 'failed';

/** The fields of an ImportMdl record the runner writes. */
export interface ImportRecordFields {
  fileName?: string;
  fileSize?: number;
  fileHash?: string;
  entityName?: string;
  mappingId?: string | null;
  mapName?: string | null;
  importedBy?: string;
  status?: ImportStatus;
  totalRows?: number;
  validRows?: number;
  errorRows?: number;
  createdCount?: number;
  updatedCount?: number;
  rowsDone?: number;
  /** AWSJSON text of the first errors: [{ row, field, message }]. */
  errors?: string;
  startedAt?: string;
  finishedAt?: string | null;
}

/** The import history: ImportMdl records. */
export interface ImportHistoryPort {
  /** Creates the record of a new run and returns its id. */
  create: (fields: ImportRecordFields) => Promise<string>;
  update: (id: string, fields: ImportRecordFields) => Promise<void>;
}

/** Where an earlier, unfinished run of the same file stopped. */
export interface ResumePoint {
  importId: string;
  rowsDone: number;
  createdCount: number;
  updatedCount: number;
  errorRows: number;
  errors: readonly RowError[];
}

/** The file and mapping an import is of. */
export interface ImportMeta {
  fileName: string;
  fileSize: number;
  fileHash: string;
  entityName: string;
  mappingId: string | null;
  mapName: string | null;
  importedBy: string;
}

/** Progress after each settled batch. */
export interface ImportProgress {
  rowsDone: number;
  totalRows: number;
  created: number;
  updated: number;
  unchanged: number;
  errorRows: number;
}

/** How a run ended. */
export interface ImportOutcome extends ImportProgress {
  importId: string;
  status: Exclude<ImportStatus, 'running'>;
  /** Every row error known (validation and server), by row. */
  errors: RowError[];
  /** Why the run failed, when it did. */
  failure?: unknown;
}

/** What a run needs. */
export interface RunImportOptions {
  target: ImportTarget;
  history: ImportHistoryPort;
  meta: ImportMeta;
  /** The valid rows in file order. */
  rows: readonly ValidRow[];
  /** Data rows in the file, valid or not. */
  totalRows: number;
  /** The validation errors of the file's invalid rows. */
  validationErrors: readonly RowError[];
  /** How many rows validation refused. */
  invalidRows: number;
  /** Continue an earlier run of the same file from its rowsDone. */
  resume?: ResumePoint;
  /** Items per batch (the server takes at most 1000). */
  batchSize?: number;
  /** Batches in flight at once. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => Date;
}

/** The first errors stored with the import record. */
export const STORED_ERROR_LIMIT = 100;

interface Batch {
  rows: ValidRow[];
  /** The last data row this batch settles (refused rows after its last valid row included). */
  coverEnd: number;
}

/** Cuts the valid rows after `startRow` into batches, each settling the file's rows up to the next batch. */
export function planBatches(rows: readonly ValidRow[], totalRows: number, startRow: number, batchSize: number): Batch[] {
  const pending = rows.filter((row) => row.row > startRow);
  const batches: Batch[] = [];
  for (let start = 0; start < pending.length; start += batchSize) {
    const slice = pending.slice(start, start + batchSize);
    const next = pending[start + batchSize];
    batches.push({ rows: slice, coverEnd: next === undefined ? totalRows : next.row - 1 });
  }
  return batches;
}

function errorKey(error: RowError): string {
  return `${error.row}\u0000${error.field}\u0000${error.message}`;
}

/** Merges error lists: each error once, by row. */
export function mergeErrors(...lists: readonly (readonly RowError[])[]): RowError[] {
  const seen = new Map<string, RowError>();
  for (const list of lists) for (const error of list) if (!seen.has(errorKey(error))) seen.set(errorKey(error), error);
  return [...seen.values()].sort((a, b) => a.row - b.row);
}

async function upsertBatch(target: ImportTarget, rows: readonly ValidRow[], refused: RowError[]): Promise<BatchResult & { refusedRows: number }> {
  let sending = [...rows];
  let refusedRows = 0;
  while (sending.length > 0) {
    try {
      return { ...(await target.upsert(sending.map((row) => row.record))), refusedRows };
    } catch (failure) {
      if (!(failure instanceof BatchItemsRefusedError)) throw failure;
      const bad = new Set(failure.items.map((item) => item.index).filter((index) => index >= 0 && index < sending.length));
      // A refusal that names no item of this batch would loop forever: treat it as a failure.
      if (bad.size === 0) throw failure;
      for (const item of failure.items) {
        const row = sending[item.index];
        if (row !== undefined) refused.push({ row: row.row, field: item.field, message: item.message });
      }
      refusedRows += bad.size;
      sending = sending.filter((_, index) => !bad.has(index));
    }
  }
  return { created: 0, updated: 0, unchanged: 0, refusedRows };
}

/** Runs (or resumes) an import; never throws for a failed batch: the outcome says `failed`. */
export async function runImport(options: RunImportOptions): Promise<ImportOutcome> {
  const { target, history, meta, totalRows, signal } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = Math.min(Math.max(options.batchSize ?? 500, 1), 1000);
  const concurrency = Math.max(options.concurrency ?? 2, 1);
  const resume = options.resume;
  const startRow = resume?.rowsDone ?? 0;
  const batches = planBatches(options.rows, totalRows, startRow, batchSize);
  const serverRefused: RowError[] = [];
  // Rows the server refused in the earlier run are not in this run's validation errors.
  const earlierServerRefusals = resume === undefined ? 0 : Math.max(0, resume.errorRows - options.invalidRows);
  const totals = { created: resume?.createdCount ?? 0, updated: resume?.updatedCount ?? 0, unchanged: 0 };
  let refusedThisRun = 0;
  const settled = new Array<boolean>(batches.length).fill(false);
  let settledPrefix = 0;
  let rowsDone = startRow;

  const errorRows = (): number => options.invalidRows + earlierServerRefusals + refusedThisRun;
  const allErrors = (): RowError[] => mergeErrors(resume?.errors ?? [], options.validationErrors, serverRefused);
  const storedErrors = (): string => JSON.stringify(allErrors().slice(0, STORED_ERROR_LIMIT));
  const progress = (): ImportProgress => ({ rowsDone, totalRows, ...totals, errorRows: errorRows() });

  const common: ImportRecordFields = { status: 'running', totalRows, validRows: options.rows.length, errorRows: errorRows(), rowsDone, createdCount: totals.created, updatedCount: totals.updated };
  let importId: string;
  if (resume === undefined) {
    importId = await history.create({ ...meta, ...common, errors: storedErrors(), startedAt: now().toISOString(), finishedAt: null });
  } else {
    importId = resume.importId;
    await history.update(importId, { ...common, finishedAt: null });
  }
  // Record updates go out one after another so a slower one never overwrites a later count.
  let journal: Promise<void> = Promise.resolve();
  const record = (fields: ImportRecordFields): void => {
    journal = journal.then(() => history.update(importId, fields)).catch(() => undefined);
  };
  options.onProgress?.(progress());

  let next = 0;
  let failure: unknown = undefined;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && signal?.aborted !== true && next < batches.length) {
      const index = next++;
      const batch = batches[index];
      if (batch === undefined) return;
      try {
        const result = await upsertBatch(target, batch.rows, serverRefused);
        totals.created += result.created;
        totals.updated += result.updated;
        totals.unchanged += result.unchanged;
        refusedThisRun += result.refusedRows;
      } catch (error) {
        failed = true;
        failure = error;
        return;
      }
      settled[index] = true;
      while (settledPrefix < batches.length && settled[settledPrefix] === true) {
        rowsDone = batches[settledPrefix]?.coverEnd ?? rowsDone;
        settledPrefix++;
      }
      record({ rowsDone, createdCount: totals.created, updatedCount: totals.updated, errorRows: errorRows() });
      options.onProgress?.(progress());
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(batches.length, 1)) }, () => worker()));
  await journal;
  // A file with no valid rows left to send is settled to its end.
  if (batches.length === 0 && !failed) rowsDone = totalRows;
  if (settledPrefix === batches.length && !failed) rowsDone = totalRows;

  const status: ImportOutcome['status'] = failed ? 'failed' : rowsDone < totalRows ? 'cancelled' : 'done';
  await history.update(importId, {
    status,
    rowsDone,
    createdCount: totals.created,
    updatedCount: totals.updated,
    errorRows: errorRows(),
    errors: storedErrors(),
    finishedAt: now().toISOString(),
  });
  const outcome: ImportOutcome = { importId, status, ...progress(), errors: allErrors() };
  if (failed) outcome.failure = failure;
  options.onProgress?.(progress());
  return outcome;
}

/** A stored ImportMdl record as the history reads it. */
export interface ImportRecord {
  id: string;
  fileHash?: string | null;
  status?: string | null;
  rowsDone?: number | null;
  totalRows?: number | null;
  createdCount?: number | null;
  updatedCount?: number | null;
  errorRows?: number | null;
  errors?: unknown;
  entityName?: string | null;
  createdAt?: string | null;
}

/** Reads the stored errors JSON of an import record. */
export function storedErrorsOf(errors: unknown): RowError[] {
  let value = errors;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is RowError => typeof item === 'object' && item !== null && typeof (item as RowError).row === 'number' && typeof (item as RowError).message === 'string');
}

/**
 * Where an import of the file with `fileHash` into `entityName` can resume: the newest run of that
 * file, when it stopped (running, cancelled or failed) before its last row. Null otherwise.
 */
export function findResumePoint(records: readonly ImportRecord[], fileHash: string, entityName: string): ResumePoint | null {
  const newest = [...records]
    .filter((record) => record.fileHash === fileHash && record.entityName === entityName)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))[0];
  if (newest === undefined) return null;
  if (newest.status !== 'running' && newest.status !== 'cancelled' && newest.status !== 'failed') return null;
  const rowsDone = newest.rowsDone ?? 0;
  if (rowsDone <= 0 || rowsDone >= (newest.totalRows ?? 0)) return null;
  return {
    importId: newest.id,
    rowsDone,
    createdCount: newest.createdCount ?? 0,
    updatedCount: newest.updatedCount ?? 0,
    errorRows: newest.errorRows ?? 0,
    errors: storedErrorsOf(newest.errors),
  };
}
