import { describe, expect, it } from 'vitest';
import { checkAmount, checkLoanTerms, checkYears, modificationOptions, monthlyPayment, parseAmountInput } from './loan-math.js';

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

describe('the reduce-rate option', () => {
  it('says how far and from what to what the rate goes down', () => {
    expect(modificationOptions(100_000, 7, 300)[2]?.description).toBe('Reduce the rate by 2.00 percentage points, from 7.00 % to 5.00 %, for the remaining 300 months.');
    expect(modificationOptions(100_000, 3, 120)[2]?.description).toBe('Reduce the rate by 1.00 percentage points, from 3.00 % to 2.00 %, for the remaining 120 months.');
  });

  it('never raises a rate already under the floor, and says it cannot be reduced', () => {
    const [current, , reduction] = modificationOptions(100_000, 1.5, 120);
    expect(reduction?.ratePercent).toBe(1.5);
    expect(reduction?.payment).toBe(current?.payment);
    expect(reduction?.description).toBe('The rate of 1.50 % is already at or below the 2.00 % floor, so it cannot be reduced.');
  });

  it('does not claim to extend a term that is already 40 years', () => {
    expect(modificationOptions(100_000, 5, 480)[1]?.description).toBe('The remaining term is already 480 months, the longest offered, so it cannot be extended.');
  });
});

describe('checkLoanTerms', () => {
  it('accepts sane terms, with thousands separators in the balance', () => {
    expect(checkLoanTerms({ balance: '150,000.50', ratePercent: '6.5', months: '300' })).toEqual({ ok: true, terms: { balance: 150_000.5, ratePercent: 6.5, months: 300 } });
    expect(checkLoanTerms({ balance: '1', ratePercent: '0', months: '480' }).ok).toBe(true);
  });

  it('refuses negative, absurd and half-numeric values with a message per field', () => {
    expect(checkLoanTerms({ balance: '-5', ratePercent: '-1', months: '-12' })).toEqual({
      ok: false,
      errors: {
        balance: 'Enter the balance as a number of dollars, like 150000 or 150,000.50.',
        ratePercent: 'Enter the rate as a number, like 6.5 (without the % sign).',
        months: 'Enter the remaining term as a whole number of months, like 300.',
      },
    });
    expect(checkLoanTerms({ balance: '20000000', ratePercent: '250', months: '9000' })).toEqual({
      ok: false,
      errors: { balance: 'Enter a balance from $0.01 to $10,000,000.', ratePercent: 'Enter a rate from 0 to 25 % a year.', months: 'Enter a remaining term from 1 to 480 months (40 years).' },
    });
    expect(checkLoanTerms({ balance: '1e5', ratePercent: '6.5', months: '12.5' }).ok).toBe(false);
    expect(checkLoanTerms({ balance: '', ratePercent: ' ', months: '' })).toEqual({
      ok: false,
      errors: { balance: 'Enter the balance of the loan.', ratePercent: 'Enter the current interest rate.', months: 'Enter the remaining term in months.' },
    });
  });
});

describe('the estimator and option builder number rules (one place)', () => {
  it('reads amounts with thousands commas and a dollar sign, and nothing half-numeric', () => {
    expect(parseAmountInput('100,000')).toBe(100_000);
    expect(parseAmountInput('$100,000.00')).toBe(100_000);
    expect(parseAmountInput(' 2500.5 ')).toBe(2500.5);
    for (const bad of ['1e308', '1e5', '-5', '10,00', '1,0000', 'abc', '', '$', 'Infinity']) expect(parseAmountInput(bad), bad).toBeNull();
  });

  it('refuses an absurd loan amount (999 999 999 999, 1e308) with the option builder range', () => {
    expect(checkAmount('999999999999', 'loan amount')).toEqual({ ok: false, error: 'Enter a loan amount from $0.01 to $10,000,000.' });
    expect(checkAmount('1e308', 'loan amount')).toEqual({ ok: false, error: 'Enter the loan amount as a number of dollars, like 150000 or 150,000.50.' });
    expect(checkAmount('100,000', 'loan amount')).toEqual({ ok: true, value: 100_000 });
  });

  it('takes a term in whole years within the option builder longest term (40 years)', () => {
    expect(checkYears('30')).toEqual({ ok: true, value: 30 });
    expect(checkYears('40')).toEqual({ ok: true, value: 40 });
    expect(checkYears('0.5')).toEqual({ ok: false, error: 'Enter the term as a whole number of years, like 30.' });
    expect(checkYears('0')).toEqual({ ok: false, error: 'Enter a term from 1 to 40 years.' });
    expect(checkYears('41')).toEqual({ ok: false, error: 'Enter a term from 1 to 40 years.' });
  });

  it('lets the option builder take a balance with a dollar sign too', () => {
    expect(checkLoanTerms({ balance: '$150,000.50', ratePercent: '6.5', months: '300' })).toEqual({ ok: true, terms: { balance: 150_000.5, ratePercent: 6.5, months: 300 } });
  });
});
