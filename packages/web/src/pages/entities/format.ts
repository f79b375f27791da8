// How record values are shown in tables and detail lists: money and dates through Intl in the
// reader's locale, booleans as Yes/No, empty as an en dash.
import type { CodeTable } from './code-tables';
import { labelOf } from './code-tables';

/** How a column's or field's value is shown. */
export type ValueKind = 'text' | 'money' | 'date' | 'datetime' | 'boolean';

/** The currency money is shown in unless the user's config names another. */
export const DEFAULT_CURRENCY = 'USD';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      // An unknown currency code in a config must not break every table.
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency: DEFAULT_CURRENCY });
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * An amount as exact decimal text rounded half away from zero to cents. Money arrives as the float
 * of a numeric(18,2); rounding its shortest decimal text digit by digit keeps 1.005 at 1.01, where
 * binary arithmetic (toFixed, Math.round(x * 100)) gives 1.00.
 */
export function centsText(value: number): string {
  const text = Math.abs(value).toString();
  if (!/^\d+(\.\d+)?$/.test(text)) return value.toFixed(2);
  const [whole = '0', fraction = ''] = text.split('.');
  let cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const sign = value < 0 && cents !== 0n ? '-' : '';
  return `${sign}${String(cents / 100n)}.${String(cents % 100n).padStart(2, '0')}`;
}

/** Money in `currency` (ISO 4217) and the reader's locale, from exact cents. */
export function formatMoney(value: number, currency: string = DEFAULT_CURRENCY): string {
  return moneyFormat(currency).format(centsText(value) as Intl.StringNumericLiteral);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar date (YYYY-MM-DD) in the reader's locale; it is a day, not an instant, so it is never shifted by time zone. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match === null) return value;
  return dateFormat.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The calendar day of `date` in the reader's time zone, in the app's one date style ("Nov 27, 2026"). */
export function formatLocalDay(date: Date): string {
  return localDayFormat.format(date);
}

const localDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An instant (ISO text or epoch seconds) in the reader's locale and time zone. */
export function formatDateTime(value: string | number): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
}

/** Options of formatValue: the currency of money, the code table of coded values. */
export interface FormatOptions {
  currency?: string;
  codes?: CodeTable;
}

/** A value as text: money and dates localized, codes as labels, booleans as Yes/No, JSON compact, empty as an en dash. */
export function formatValue(value: unknown, kind: ValueKind = 'text', options: FormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '–';
  if (options.codes !== undefined) return labelOf(options.codes, value);
  if (kind === 'money' && typeof value === 'number') return formatMoney(value, options.currency);
  if (kind === 'boolean' || typeof value === 'boolean') return value === true ? 'Yes' : 'No';
  if (kind === 'date' && typeof value === 'string') return formatDate(value);
  if (kind === 'datetime' && (typeof value === 'string' || typeof value === 'number')) return formatDateTime(value);
  return textOf(value, JSON.stringify(value));
}

/** A field as plain text for labels and links: strings and numbers as they are, anything else `fallback`. */
export function textOf(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fallback;
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pluralRules = new Intl.PluralRules('en-US');

/** A count with digit grouping: 30173 → "30,173". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A count and its noun in the right number: "1 row", "2 rows", "30,173 accounts" (`plural` for irregular nouns). */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${pluralRules.select(value) === 'one' ? singular : plural}`;
}
