// Payment arithmetic for the estimator and the modification options (standard amortisation), and
// the ranges the option builder accepts (docs/decisions.md, "Option builder ranges").

/** The monthly payment of a loan of `principal` at `annualRatePercent` over `months` (0 % -> straight line). */
export function monthlyPayment(principal: number, annualRatePercent: number, months: number): number {
  if (!(principal > 0) || !(months > 0)) return 0;
  const rate = annualRatePercent / 100 / 12;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

/** What the option builder accepts: anything outside is a typing slip or not a real mortgage. */
export const LOAN_LIMITS = {
  /** % a year: 0 (interest-free forbearance) to 25 (far above any lawful mortgage rate). */
  ratePercent: { min: 0, max: 25 },
  /** Remaining term in whole months: 1 to 480 (40 years, the longest modified term offered). */
  months: { min: 1, max: 480 },
  /** Balance in USD: a cent to 10 million. */
  balance: { min: 0.01, max: 10_000_000 },
} as const;

/** The longest term an extension goes to (months). */
export const EXTENDED_TERM_MONTHS = 480;
/** How far the rate reduction lowers the rate (percentage points). */
export const RATE_REDUCTION_POINTS = 2;
/** The rate the reduction never goes below (% a year). */
export const RATE_FLOOR_PERCENT = 2;

/** Loan terms typed into the option builder. */
export interface LoanTermsInput {
  balance: string;
  ratePercent: string;
  months: string;
}

/** Loan terms that passed the checks. */
export interface LoanTerms {
  balance: number;
  ratePercent: number;
  months: number;
}

/** A message in plain words for each field that failed. */
export type LoanTermErrors = Partial<Record<keyof LoanTerms, string>>;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

// Plain decimals only: a minus sign, an exponent or letters are refused rather than half-read the
// way Number() would (Number('1e3') is 1000, Number('') is 0).
function decimal(text: string, allowThousands: boolean): number | null {
  const cleaned = allowThousands ? text.trim().replace(/,(?=\d{3}(\D|$))/g, '') : text.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Checks typed loan terms against LOAN_LIMITS; either the numbers or a message per bad field. */
export function checkLoanTerms(input: LoanTermsInput): { ok: true; terms: LoanTerms } | { ok: false; errors: LoanTermErrors } {
  const errors: LoanTermErrors = {};
  const { balance: b, ratePercent: r, months: m } = LOAN_LIMITS;

  const balance = decimal(input.balance, true);
  if (input.balance.trim() === '') errors.balance = 'Enter the balance of the loan.';
  else if (balance === null) errors.balance = 'Enter the balance as a number of dollars, like 150000 or 150,000.50.';
  else if (balance < b.min || balance > b.max) errors.balance = `Enter a balance from $0.01 to ${money.format(b.max)}.`;

  const rate = decimal(input.ratePercent, false);
  if (input.ratePercent.trim() === '') errors.ratePercent = 'Enter the current interest rate.';
  else if (rate === null) errors.ratePercent = 'Enter the rate as a number, like 6.5 (without the % sign).';
  else if (rate < r.min || rate > r.max) errors.ratePercent = `Enter a rate from ${r.min} to ${r.max} % a year.`;

  const months = decimal(input.months, false);
  if (input.months.trim() === '') errors.months = 'Enter the remaining term in months.';
  else if (months === null || !Number.isInteger(months)) errors.months = 'Enter the remaining term as a whole number of months, like 300.';
  else if (months < m.min || months > m.max) errors.months = `Enter a remaining term from ${m.min} to ${m.max} months (40 years).`;

  if (Object.keys(errors).length > 0 || balance === null || rate === null || months === null) return { ok: false, errors };
  return { ok: true, terms: { balance, ratePercent: rate, months } };
}

/** One modification option for a loan. */
export interface ModificationOption {
  name: string;
  description: string;
  ratePercent: number;
  months: number;
  payment: number;
}

const percent = (value: number): string => `${value.toFixed(2)} %`;

/**
 * Three standard options for a balance: keep the terms, extend the term to 40 years, or reduce the
 * rate by two points (not below 2 %), each with its monthly payment. An option that cannot change
 * anything (the term is already 40 years, the rate already at the floor) says so instead of
 * claiming a change.
 */
export function modificationOptions(balance: number, ratePercent: number, remainingMonths: number): ModificationOption[] {
  const reduced = ratePercent <= RATE_FLOOR_PERCENT ? ratePercent : Math.max(RATE_FLOOR_PERCENT, ratePercent - RATE_REDUCTION_POINTS);
  const cut = ratePercent - reduced;
  const extended = Math.max(remainingMonths, EXTENDED_TERM_MONTHS);
  return [
    { name: 'Current terms', description: 'No change to rate or term.', ratePercent, months: remainingMonths, payment: monthlyPayment(balance, ratePercent, remainingMonths) },
    {
      name: 'Term extension',
      description:
        extended === remainingMonths
          ? `The remaining term is already ${remainingMonths} months, the longest offered, so it cannot be extended.`
          : `Extend the remaining term from ${remainingMonths} to ${EXTENDED_TERM_MONTHS} months (40 years) at the same rate of ${percent(ratePercent)}.`,
      ratePercent,
      months: extended,
      payment: monthlyPayment(balance, ratePercent, extended),
    },
    {
      name: 'Rate reduction',
      description:
        cut <= 0
          ? `The rate of ${percent(ratePercent)} is already at or below the ${percent(RATE_FLOOR_PERCENT)} floor, so it cannot be reduced.`
          : `Reduce the rate by ${cut.toFixed(2)} percentage points, from ${percent(ratePercent)} to ${percent(reduced)}, for the remaining ${remainingMonths} months.`,
      ratePercent: reduced,
      months: remainingMonths,
      payment: monthlyPayment(balance, reduced, remainingMonths),
    },
  ];
}
