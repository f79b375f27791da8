import { describe, expect, it } from 'vitest';
import { AGING_BUCKETS, agingBucketOf, daysPastDue, liquidationRate } from './aging.js';

describe('aging', () => {
  it('counts whole days since the delinquency date, never below zero', () => {
    expect(daysPastDue('2026-10-28', '2026-11-27')).toBe(30);
    expect(daysPastDue('2026-11-27', '2026-11-27')).toBe(0);
    expect(daysPastDue('2026-12-01', '2026-11-27')).toBe(0);
    expect(daysPastDue(null, '2026-11-27')).toBe(0);
    expect(daysPastDue('2025-11-27', '2026-11-27')).toBe(365);
  });

  it.each([
    [0, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '91-180'],
    [180, '91-180'],
    [181, '180+'],
    [5000, '180+'],
  ])('puts %d days past due in bucket %s', (days, bucket) => {
    expect(agingBucketOf(days)).toBe(bucket);
  });

  it('lists the buckets youngest first', () => {
    expect(AGING_BUCKETS).toEqual(['0-30', '31-60', '61-90', '91-180', '180+']);
  });

  it('gives the liquidation rate as collected over placed, and none for nothing placed', () => {
    expect(liquidationRate(2500, 10000)).toBe(0.25);
    expect(liquidationRate(0, 10000)).toBe(0);
    expect(liquidationRate(100, 0)).toBeNull();
  });
});
