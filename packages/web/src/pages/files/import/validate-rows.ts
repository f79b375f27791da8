// Every row is checked here before anything is written: required fields, types, dates, money as
// integer cents, the client number, and natural-key duplicates within the file. A valid row becomes
// the record exactly as it will be stored.
import { unescapeFormulaCell } from './error-csv';
import type { CodeTable } from '../../entities/code-tables';
import type { EntitySpec, FieldKind, TargetField } from './import-targets';
import type { ColumnMapping } from './suggest-mapping';

/** One problem of one row: `row` is the data row number (1 = the first row under the header). */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

/** A cell's value once read, or why it cannot be read. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

// Money is numeric(18,2) on the server; past 2^53 cents the wire's Float could not carry it exactly.
const MAX_CENTS = Number.MAX_SAFE_INTEGER;

/**
 * Reads money text as integer cents, never through floating point: "1,234.56", "$12", "-3.5",
 * "(5.00)" (negative). Null for an empty cell; more than two non-zero decimals are refused.
 */
export function parseMoneyCents(text: string): CellResult<number | null> {
  let rest = text.trim();
  if (rest === '') return { ok: true, value: null };
  let negative = false;
  if (rest.startsWith('(') && rest.endsWith(')')) {
    negative = true;
    rest = rest.slice(1, -1).trim();
  }
  let signed = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    signed = true;
    negative = negative !== rest.startsWith('-');
    rest = rest.slice(1).trim();
  }
  // A sign may also follow the currency symbol ("$-12.00"), but only one sign in all.
  if (rest.startsWith('$')) {
    rest = rest.slice(1).trim();
    if (!signed && rest.startsWith('-')) {
      negative = !negative;
      rest = rest.slice(1).trim();
    }
  }
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(rest);
  if (match === null || (match[1] === undefined && (match[2] ?? '') === '')) return { ok: false, message: `“${text}” is not an amount of money.` };
  const whole = (match[1] ?? '0').replace(/,/g, '');
  const decimals = match[2] ?? '';
  if (/[1-9]/.test(decimals.slice(2))) return { ok: false, message: `“${text}” has more than two decimals (cents).` };
  const centsText = `${whole}${decimals.slice(0, 2).padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const cents = Number(centsText);
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return { ok: false, message: `“${text}” is too large an amount.` };
  return { ok: true, value: negative && cents !== 0 ? -cents : cents };
}

/** The wire form of cents (a Float with at most two decimals, exact in its decimal text). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/** Formats cents as "-1,234.56" for people. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Day 0 of Excel's 1900 date system as it counts after its fictitious 29 Feb 1900.
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * Reads a date as AWSDate text (YYYY-MM-DD): ISO (a time part is ignored), US M/D/YYYY, and, for
 * spreadsheets, Excel serial day numbers. Calendar-checked: 2024-02-30 is refused. Null when empty.
 */
export function parseDate(text: string, options: { excelSerials?: boolean } = {}): CellResult<string | null> {
  const value = text.trim();
  if (value === '') return { ok: true, value: null };
  const invalid = { ok: false as const, message: `“${text}” is not a date (use YYYY-MM-DD or M/D/YYYY).` };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (iso !== null) {
    const date = isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return date === null ? invalid : { ok: true, value: date };
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (us !== null) {
    const date = isoDate(Number(us[3]), Number(us[1]), Number(us[2]));
    return date === null ? invalid : { ok: true, value: date };
  }
  if (options.excelSerials === true && /^\d{1,6}(?:\.0+)?$/.test(value)) {
    const serial = Math.trunc(Number(value));
    // Serials up to 60 sit before Excel's fictitious 29 Feb 1900; none of a client's dates are that old.
    if (serial > 60) {
      const day = new Date(EXCEL_EPOCH_MS + serial * DAY_MS);
      const date = isoDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
      if (date !== null) return { ok: true, value: date };
    }
  }
  return invalid;
}

/** Reads a whole number in GraphQL's Int range ("1,024" allowed); null when empty. */
export function parseInteger(text: string): CellResult<number | null> {
  const value = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (value === '') return { ok: true, value: null };
  if (!/^[+-]?\d+(?:\.0+)?$/.test(value)) return { ok: false, message: `“${text}” is not a whole number.` };
  const number = Math.trunc(Number(value));
  if (number > 2_147_483_647 || number < -2_147_483_648) return { ok: false, message: `“${text}” is too large.` };
  return { ok: true, value: number };
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 't', 'x']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'f']);

/** Reads yes/no, true/false, y/n, 1/0; null when empty. */
export function parseBoolean(text: string): CellResult<boolean | null> {
  const value = text.trim().toLowerCase();
  if (value === '') return { ok: true, value: null };
  if (TRUE_WORDS.has(value)) return { ok: true, value: true };
  if (FALSE_WORDS.has(value)) return { ok: true, value: false };
  return { ok: false, message: `“${text}” is not yes or no.` };
}

/** Reads a do-not-contact cell: yes/no, or the JSON `{"all": true}` / `{"channels": [...]}`; the wire's AWSJSON text. */
export function parseDoNotContact(text: string): CellResult<string | null> {
  const flag = parseBoolean(text);
  if (flag.ok) return { ok: true, value: flag.value === true ? JSON.stringify({ all: true }) : null };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const record = parsed as Record<string, unknown>;
      const channels = record.channels;
      const allOk = record.all === undefined || typeof record.all === 'boolean';
      const channelsOk = channels === undefined || (Array.isArray(channels) && channels.every((channel) => typeof channel === 'string'));
      if (allOk && channelsOk) return { ok: true, value: JSON.stringify(parsed) };
    }
  } catch {
    // Not JSON either: the message below says what is accepted.
  }
  return { ok: false, message: `“${text}” is not yes, no or {"channels": ["call", "sms"]}.` };
}

const spelling = (text: string): string => text.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/**
 * Reads a coded cell through its code table: the stored code or its label in any case, with spaces,
 * underscores or dashes between words ("payment plan", "Payment-Plan" → PAYMENT_PLAN). Anything else
 * is refused: stored raw it would be missed by every filter, which offers the table's codes only.
 */
export function parseCode(table: CodeTable, text: string): CellResult<string | null> {
  const wanted = spelling(text);
  if (wanted === '') return { ok: true, value: null };
  for (const [code, label] of Object.entries(table)) {
    if (spelling(code) === wanted || spelling(label) === wanted) return { ok: true, value: code };
  }
  const labels = Object.values(table);
  const choices = labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1] ?? ''}`;
  return { ok: false, message: `“${text}” is not one of ${choices}.` };
}

/** A cell read for `kind`: the value the record will hold (money as cents), or why not. */
export function parseCell(kind: FieldKind, text: string, options: { excelSerials?: boolean; codes?: CodeTable } = {}): CellResult<string | number | boolean | null> {
  switch (kind) {
    case 'code':
      return options.codes === undefined ? { ok: false, message: 'This field has no code table.' } : parseCode(options.codes, text);
    case 'text': {
      const value = text.trim();
      return { ok: true, value: value === '' ? null : value };
    }
    case 'money':
      return parseMoneyCents(text);
    case 'date':
      return parseDate(text, options);
    case 'int':
      return parseInteger(text);
    case 'boolean':
      return parseBoolean(text);
    case 'doNotContact':
      return parseDoNotContact(text);
  }
}

/** A row that passed: the record as it will be sent (money in the wire's Float form) and its natural key. */
export interface ValidRow {
  ok: true;
  row: number;
  record: Record<string, string | number | boolean>;
  key: string;
}

/** A row that failed, with every problem found in it. */
export interface InvalidRow {
  ok: false;
  row: number;
  errors: RowError[];
}

/** What the validator says about one row. */
export type RowResult = ValidRow | InvalidRow;

/** What a validator needs: the entity, the mapping, the file's headers and the clients the user may import for. */
export interface ValidatorOptions {
  spec: EntitySpec;
  headers: readonly string[];
  mapping: ColumnMapping;
  /** Client numbers that exist and the user may use; as a map, with each client's name. */
  allowedClients: ReadonlySet<string> | ReadonlyMap<string, string>;
  /** Spreadsheet files: whole numbers in date columns are Excel serial days. */
  excelSerials?: boolean;
}

/** A stateful row checker: it remembers natural keys to refuse duplicates within the file. */
export interface RowValidator {
  /** Checks one data row (cells in header order); `row` is its 1-based number under the header. */
  validate: (cells: readonly string[], row: number) => RowResult;
}

/** A validator for one pass over a file (make a new one for each pass). */
export function createRowValidator(options: ValidatorOptions): RowValidator {
  const { spec, headers, mapping, allowedClients } = options;
  const columns: { index: number; target: TargetField }[] = [];
  headers.forEach((header, index) => {
    const target = spec.fields.find((candidate) => candidate.name === (mapping[header] ?? ''));
    if (target !== undefined) columns.push({ index, target });
  });
  const unmappedRequired = spec.fields.filter((target) => target.required && !columns.some((column) => column.target.name === target.name));
  const firstRowOfKey = new Map<string, number>();
  const lastKeyField = spec.naturalKey[spec.naturalKey.length - 1] ?? 'id';
  const fillsClientName = spec.fields.some((target) => target.name === 'clientName');

  return {
    validate(cells, row) {
      const errors: RowError[] = [];
      const record: Record<string, string | number | boolean> = {};
      for (const { index, target } of columns) {
        // A re-imported error CSV carries `'-5.00` for -5.00 (see error-csv.ts): read the value it stands for.
        const result = parseCell(target.kind, unescapeFormulaCell(cells[index] ?? ''), { excelSerials: options.excelSerials === true, ...(target.codes === undefined ? {} : { codes: target.codes }) });
        if (!result.ok) {
          errors.push({ row, field: target.name, message: result.message });
        } else if (result.value === null) {
          if (target.required) errors.push({ row, field: target.name, message: `${target.label} is required.` });
        } else {
          record[target.name] = target.kind === 'money' && typeof result.value === 'number' ? centsToAmount(result.value) : result.value;
        }
      }
      for (const target of unmappedRequired) errors.push({ row, field: target.name, message: `${target.label} is required: map a column to it.` });
      const client = record.clientNumber;
      if (typeof client === 'string' && !allowedClients.has(client)) {
        errors.push({ row, field: 'clientNumber', message: `Client number “${client}” does not exist or is not yours to import for.` });
      }
      // A file without a client name column still names the client: lists show the name, not "–".
      if (typeof client === 'string' && record.clientName === undefined && fillsClientName && 'get' in allowedClients) {
        const name = allowedClients.get(client);
        if (name !== undefined && name !== '') record.clientName = name;
      }
      if (errors.length > 0) return { ok: false, row, errors };
      const key = JSON.stringify(spec.naturalKey.map((name) => record[name] ?? null));
      const first = firstRowOfKey.get(key);
      if (first !== undefined) {
        return { ok: false, row, errors: [{ row, field: lastKeyField, message: `Duplicate of row ${first} (same ${spec.naturalKey.map((name) => spec.fields.find((target) => target.name === name)?.label ?? name).join(' + ')}).` }] };
      }
      firstRowOfKey.set(key, row);
      return { ok: true, row, record, key };
    },
  };
}
