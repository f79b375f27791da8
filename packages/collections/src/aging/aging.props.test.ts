// Aging against oracles: days past due from Date's millisecond difference, buckets from a table of
// upper bounds looked up in order, and the liquidation rate recombining to the collected amount.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { AGING_BUCKETS, agingBucketOf, daysPastDue, liquidationRate } from './aging.js';

const DAY = 86_400_000;
const dateArb = fc.integer({ min: Date.UTC(1990, 0, 1) / DAY, max: Date.UTC(2040, 0, 1) / DAY }).map((d) => new Date(d * DAY).toISOString().slice(0, 10));
const UPPER_BOUNDS: readonly [number, string][] = [
  [30, '0-30'],
  [60, '31-60'],
  [90, '61-90'],
  [180, '91-180'],
  [Number.POSITIVE_INFINITY, '180+'],
];

describe('aging (property)', () => {
  it('counts the days from delinquency to today as the millisecond difference does, never below zero', () => {
    fc.assert(
      fc.property(fc.option(dateArb), dateArb, (delinquency, today) => {
        const expected = delinquency === null ? 0 : Math.max(0, Math.round((Date.parse(today) - Date.parse(delinquency)) / DAY));
        expect(daysPastDue(delinquency, today)).toBe(expected);
      }),
      propertyRuns(500),
    );
  });

  it('puts any day count in the first bucket whose upper bound holds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (days) => {
        const expected = UPPER_BOUNDS.find(([bound]) => days <= bound)?.[1];
        expect(agingBucketOf(days)).toBe(expected);
        expect(AGING_BUCKETS).toContain(agingBucketOf(days));
      }),
      propertyRuns(500),
    );
  });

  it('gives a rate that times the placed amount is the collected amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (collected, placed) => {
        const rate = liquidationRate(collected, placed);
        expect(rate).not.toBeNull();
        expect(Math.abs((rate ?? 0) * placed - collected)).toBeLessThanOrEqual(Math.max(1e-6, collected * 1e-12));
      }),
      propertyRuns(300),
    );
  });
});
