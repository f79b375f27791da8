import { describe, expect, it } from 'vitest';
import { MoneyError } from '../errors/rule-errors.js';
import { formatCents, parseDollarsToCents } from './cents.js';

function moneyErrorOf(run: () => unknown): MoneyError {
  try {
    run();
  } catch (error) {
    if (error instanceof MoneyError) return error;
    throw error;
  }
  throw new Error('expected a MoneyError');
}

describe('parseDollarsToCents', () => {
  it.each([
    ['1,234.5', 123450],
    ['1234.56', 123456],
    ['$12', 1200],
    [' $ 1,000,000.01 ', 100000001],
    ['0.05', 5],
    ['.5', 50],
    ['7.', 700],
    ['-0.05', -5],
    ['-$3.10', -310],
    ['+2', 200],
    ['-0', 0],
  ])('reads %j as %d cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each(['', '  ', '$', 'abc', '1,23', '12,34.00', '1.2.3', '--1', '1e3', '0x10', '12 34', '$-5'])('refuses %j as INVALID_MONEY', (text) => {
    const error = moneyErrorOf(() => parseDollarsToCents(text));
    expect(error.code).toBe('INVALID_MONEY');
    expect(error.name).toBe('MoneyError');
    expect(error.recoverySuggestion).toMatch(/dollars and cents/);
  });

  it('refuses fractions of a cent rather than rounding them', () => {
    expect(moneyErrorOf(() => parseDollarsToCents('1.005')).code).toBe('TOO_MANY_DECIMALS');
  });

  it('refuses amounts beyond exact integer cents', () => {
    expect(parseDollarsToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(moneyErrorOf(() => parseDollarsToCents('90071992547409.92')).code).toBe('OUT_OF_RANGE');
  });
});

describe('formatCents', () => {
  it.each([
    [123450, '$1,234.50'],
    [-5, '-$0.05'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [99, '$0.99'],
    [100000000, '$1,000,000.00'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
  ])('writes %d cents as %j', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('refuses fractional cents', () => {
    expect(moneyErrorOf(() => formatCents(1.5)).code).toBe('INVALID_CENTS');
    expect(moneyErrorOf(() => formatCents(Number.NaN)).code).toBe('INVALID_CENTS');
  });
});
