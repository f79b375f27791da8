// The audit trail as CSV (RFC 4180), safe to open in a spreadsheet: a cell that a spreadsheet would
// read as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with a quote.
import type { AuditRecordRow } from './audit-search.js';

/** The header row's column names. */
export const AUDIT_CSV_COLUMNS = [
  'seq',
  'at',
  'category',
  'action',
  'outcome',
  'actor',
  'actor_sub',
  'subject',
  'subject_sub',
  'record_type',
  'record_id',
  'ip',
  'user_agent',
  'changes',
  'details',
  'hash',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formula injection, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated) of cells. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The CSV line of a row, in AUDIT_CSV_COLUMNS order. */
export function auditCsvLine(row: AuditRecordRow): string {
  const { entry } = row;
  return csvLine([
    row.seq,
    entry.at,
    entry.category,
    entry.action,
    entry.outcome,
    entry.actor.name ?? entry.actor.kind,
    entry.actor.sub,
    entry.subject?.name,
    entry.subject?.sub,
    entry.record?.type,
    entry.record?.id,
    entry.source?.ip,
    entry.source?.userAgent,
    entry.changes === undefined || Object.keys(entry.changes).length === 0 ? undefined : entry.changes,
    entry.details,
    row.hash,
  ]);
}
