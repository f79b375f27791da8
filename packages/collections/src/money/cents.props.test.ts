// Reading and writing cents against an oracle that builds the text from known dollars and cents: any
// amount a person could type (commas or not, a dollar sign or not, 0-2 decimals) reads back as exactly
// those cents, and formatCents writes what a digit-by-digit grouping writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { formatCents, parseDollarsToCents } from './cents.js';

/** Thousands commas put in one digit at a time from the right: the oracle of the grouping. */
function groupNaively(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    const fromRight = digits.length - i;
    out += digits[i];
    if (fromRight > 1 && (fromRight - 1) % 3 === 0) out += ',';
  }
  return out;
}

const typedAmount = fc.record({
  dollars: fc.bigInt({ min: 0n, max: 90_071_992_547_408n }),
  cents: fc.integer({ min: 0, max: 99 }),
  negative: fc.boolean(),
  commas: fc.boolean(),
  dollarSign: fc.boolean(),
  decimals: fc.constantFrom(0, 1, 2),
  spaces: fc.boolean(),
});

describe('money (property)', () => {
  it('reads every amount a person may type as exactly its cents', () => {
    fc.assert(
      fc.property(typedAmount, (a) => {
        // With fewer decimals shown, the amount typed is what those decimals say.
        const cents = a.decimals === 2 ? a.cents : a.decimals === 1 ? Math.floor(a.cents / 10) * 10 : 0;
        const digits = a.dollars.toString();
        const whole = a.commas ? groupNaively(digits) : digits;
        const fraction = a.decimals === 2 ? `.${String(a.cents).padStart(2, '0')}` : a.decimals === 1 ? `.${Math.floor(a.cents / 10)}` : '';
        const text = `${a.spaces ? '  ' : ''}${a.negative ? '-' : ''}${a.dollarSign ? '$' : ''}${whole}${fraction}${a.spaces ? ' ' : ''}`;
        const expected = a.dollars * 100n + BigInt(cents);
        const signed = a.negative && expected !== 0n ? -Number(expected) : Number(expected);
        expect(parseDollarsToCents(text)).toBe(signed);
      }),
      propertyRuns(300),
    );
  });

  it('writes cents as the naive grouping of dollars with two decimals, and reads that back', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const magnitude = BigInt(Math.abs(cents));
        const expected = `${cents < 0 ? '-' : ''}$${groupNaively((magnitude / 100n).toString())}.${(magnitude % 100n).toString().padStart(2, '0')}`;
        const text = formatCents(cents);
        expect(text).toBe(expected);
        expect(parseDollarsToCents(text)).toBe(cents === 0 ? 0 : cents);
      }),
      propertyRuns(300),
    );
  });
});
