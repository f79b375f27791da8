// Money as integer cents (a safe integer `number`): sums and comparisons are exact, and nothing is
// ever rounded. Text is read digit by digit, never through a float.
import { MoneyError } from '../errors/rule-errors.js';

/** An amount of money in whole US cents (a safe integer; negative for reversals and credits). */
export type Cents = number;

// Optional sign and dollar sign, whole dollars with or without correct thousands commas, up to the
// decimals; the decimals are checked separately so "1.234" gets its own error.
const AMOUNT = /^([-+])?\s*\$?\s*(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?|\.(\d+))$/;

/** Reads a dollar amount typed by a person ("1,234.5", "$12", "-0.05") as integer cents; throws MoneyError on anything else. */
export function parseDollarsToCents(text: string): Cents {
  const match = AMOUNT.exec(text.trim());
  if (match === null) {
    throw new MoneyError('INVALID_MONEY', `${JSON.stringify(text)} is not an amount of money.`, 'Type dollars and cents, such as 1,234.50 or 12.');
  }
  const [, sign, whole = '0', fractionAfterWhole, fractionAlone] = match;
  const fraction = fractionAfterWhole ?? fractionAlone ?? '';
  if (fraction.length > 2) {
    throw new MoneyError('TOO_MANY_DECIMALS', `${JSON.stringify(text)} has more than two decimals.`, 'Give the amount to the cent, with at most two decimals.');
  }
  // BigInt so a long digit string is refused exactly rather than rounded on the way.
  const cents = BigInt(whole.replaceAll(',', '')) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new MoneyError('OUT_OF_RANGE', `${JSON.stringify(text)} is too large an amount.`, 'Give an amount below $90,071,992,547,409.91.');
  }
  const value = Number(cents);
  return sign === '-' && value !== 0 ? -value : value;
}

/** Writes integer cents as US dollars: 123450 -> "$1,234.50", -5 -> "-$0.05"; throws MoneyError unless a safe integer. */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) {
    throw new MoneyError('INVALID_CENTS', `${String(cents)} is not a whole number of cents.`, 'Keep money in integer cents; convert with parseDollarsToCents.');
  }
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  const rest = magnitude % 100;
  const grouped = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${String(rest).padStart(2, '0')}`;
}

/** Whether a value is usable as cents: a safe integer. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
