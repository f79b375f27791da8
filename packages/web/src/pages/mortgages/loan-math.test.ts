import { describe, expect, it } from 'vitest';
import { modificationOptions, monthlyPayment } from './loan-math';

describe('monthlyPayment', () => {
  it('matches the textbook amortised payment (200,000 at 6 % over 30 years is 1,199.10)', () => {
    expect(monthlyPayment(200_000, 6, 360)).toBeCloseTo(1199.1, 2);
  });

  it('divides evenly at 0 %', () => {
    expect(monthlyPayment(12_000, 0, 12)).toBe(1000);
  });

  it('is 0 for no principal or no term instead of NaN', () => {
    expect(monthlyPayment(0, 5, 360)).toBe(0);
    expect(monthlyPayment(1000, 5, 0)).toBe(0);
    expect(monthlyPayment(Number.NaN, 5, 12)).toBe(0);
  });
});

describe('modificationOptions', () => {
  it('offers lower payments for the extension and the rate reduction', () => {
    const [current, extension, reduction] = modificationOptions(150_000, 7, 300);
    expect(extension?.payment).toBeLessThan(current?.payment ?? 0);
    expect(reduction?.payment).toBeLessThan(current?.payment ?? 0);
    expect(reduction?.ratePercent).toBe(5);
  });

  it('never reduces the rate below 2 %', () => {
    expect(modificationOptions(100_000, 3, 120)[2]?.ratePercent).toBe(2);
  });
});
