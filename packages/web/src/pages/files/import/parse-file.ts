// Reads a client file row by row without holding more than a chunk: CSV through Papa Parse's
// streaming parser, XLSX through read-excel-file. Runs inside parse.worker.ts (and in tests).
import Papa from 'papaparse';
import { unescapeFormulaCell } from './error-csv';

/** Where the parsed file goes, in order: headers once, then rows in chunks, then the end. */
export interface ParseSink {
  headers: (headers: string[], source: FileSource) => void;
  rows: (rows: string[][]) => void;
  done: (totalRows: number) => void;
}

/** What kind of file it is: spreadsheets also carry dates as serial day numbers. */
export type FileSource = 'csv' | 'xlsx';

/** The kind of a file from its name (XLSX for .xlsx, CSV for everything else). */
export function sourceOf(fileName: string): FileSource {
  return /\.xlsx$/i.test(fileName) ? 'xlsx' : 'csv';
}

/** Rows per message for spreadsheets (CSV chunks follow Papa Parse's byte chunks). */
export const SHEET_CHUNK_ROWS = 5000;

function cleanHeaders(raw: readonly unknown[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, index) => {
    // Headers of a re-imported error CSV carry its formula escape; undone so the same mapping applies.
    const base = unescapeFormulaCell(cellText(cell).replace(/^\uFEFF/, '')).trim() || `Column ${index + 1}`;
    // Two columns of the same name would share one mapping entry: the second becomes "Name (2)".
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** A spreadsheet cell as text: dates as YYYY-MM-DD, numbers as JavaScript prints them, empty as ''. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return JSON.stringify(cell);
}

/** True when a row has no text at all (spreadsheets and CSVs end with such rows). */
function isBlank(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === '');
}

/** Bytes Papa Parse reads per chunk: about 5 000 rows of a typical file, a message the page takes in a few milliseconds. */
export const CSV_CHUNK_BYTES = 512 * 1024;

/** Streams a CSV file: the first row is the header row. */
export function parseCsv(file: Blob, sink: ParseSink, chunkBytes = CSV_CHUNK_BYTES): Promise<void> {
  return new Promise((resolve, reject) => {
    let headers: string[] | null = null;
    let total = 0;
    Papa.parse<string[]>(file as File, {
      header: false,
      skipEmptyLines: 'greedy',
      chunkSize: chunkBytes,
      chunk: (results) => {
        let rows = results.data;
        if (headers === null) {
          const first = rows[0];
          if (first === undefined) return;
          headers = cleanHeaders(first);
          sink.headers(headers, 'csv');
          rows = rows.slice(1);
        }
        const data = rows.filter((row) => !isBlank(row));
        total += data.length;
        if (data.length > 0) sink.rows(data);
      },
      complete: () => {
        if (headers === null) sink.headers([], 'csv');
        sink.done(total);
        resolve();
      },
      error: (error) => reject(error),
    });
  });
}

/** Reads the first sheet of an XLSX file and passes its rows on in chunks. */
export async function parseXlsx(file: Blob | ArrayBuffer, sink: ParseSink): Promise<void> {
  // Loaded only for spreadsheets, so a CSV import never fetches the zip reader.
  const { readSheet } = await import('read-excel-file/web-worker');
  const sheet = await readSheet(file);
  const [first, ...rest] = sheet;
  sink.headers(first === undefined ? [] : cleanHeaders(first.map(cellText)), 'xlsx');
  let total = 0;
  for (let start = 0; start < rest.length; start += SHEET_CHUNK_ROWS) {
    const rows = rest
      .slice(start, start + SHEET_CHUNK_ROWS)
      .map((row) => row.map(cellText))
      .filter((row) => !isBlank(row));
    total += rows.length;
    if (rows.length > 0) sink.rows(rows);
  }
  sink.done(total);
}

/** Parses a CSV or XLSX file into `sink`. */
export function parseClientFile(file: Blob, fileName: string, sink: ParseSink): Promise<void> {
  return sourceOf(fileName) === 'xlsx' ? parseXlsx(file, sink) : parseCsv(file, sink);
}

/** The SHA-256 of a file's bytes, as hex: the same file has the same hash, whatever its name. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
