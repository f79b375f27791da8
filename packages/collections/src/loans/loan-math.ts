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

/**
 * Reads a typed amount of dollars: digits, thousands commas in their places, a decimal point and an
 * optional leading `$` ("100,000", "$100,000.00", "2500.5"). Null for anything else: a sign, an
 * exponent or letters are refused rather than half-read the way Number() would (Number('1e308') is
 * a number, Number('') is 0).
 */
export function parseAmountInput(text: string): number | null {
  const cleaned = text.trim().replace(/^\$\s*/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  return Number(cleaned.replace(/,/g, ''));
}

/** Reads a typed plain decimal ("6.5", "0"); null for anything else (a sign, an exponent, a % sign). */
export function parseDecimalInput(text: string): number | null {
  const cleaned = text.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** One typed value checked: the number, or what to tell the person. */
export type Checked = { ok: true; value: number } | { ok: false; error: string };

/** Checks a typed loan amount or balance against LOAN_LIMITS.balance; `noun` names it in messages ("balance"). */
export function checkAmount(text: string, noun: string): Checked {
  const { min, max } = LOAN_LIMITS.balance;
  const value = parseAmountInput(text);
  if (text.trim() === '') return { ok: false, error: `Enter the ${noun} of the loan.` };
  if (value === null) return { ok: false, error: `Enter the ${noun} as a number of dollars, like 150000 or 150,000.50.` };
  if (value < min || value > max) return { ok: false, error: `Enter a ${noun} from $0.01 to ${money.format(max)}.` };
  return { ok: true, value };
}

/** Checks a typed yearly interest rate against LOAN_LIMITS.ratePercent. */
export function checkRate(text: string, emptyMessage = 'Enter the interest rate.'): Checked {
  const { min, max } = LOAN_LIMITS.ratePercent;
  const value = parseDecimalInput(text);
  if (text.trim() === '') return { ok: false, error: emptyMessage };
  if (value === null) return { ok: false, error: 'Enter the rate as a number, like 6.5 (without the % sign).' };
  if (value < min || value > max) return { ok: false, error: `Enter a rate from ${min} to ${max} % a year.` };
  return { ok: true, value };
}

/** Checks a typed remaining term in whole months against LOAN_LIMITS.months. */
export function checkMonths(text: string): Checked {
  const { min, max } = LOAN_LIMITS.months;
  const value = parseDecimalInput(text);
  if (text.trim() === '') return { ok: false, error: 'Enter the remaining term in months.' };
  if (value === null || !Number.isInteger(value)) return { ok: false, error: 'Enter the remaining term as a whole number of months, like 300.' };
  if (value < min || value > max) return { ok: false, error: `Enter a remaining term from ${min} to ${max} months (40 years).` };
  return { ok: true, value };
}

/** Checks a typed term in whole years: the same range as LOAN_LIMITS.months (1 to 40 years). */
export function checkYears(text: string): Checked {
  const max = LOAN_LIMITS.months.max / 12;
  const value = parseDecimalInput(text);
  if (text.trim() === '') return { ok: false, error: 'Enter the term in years.' };
  if (value === null || !Number.isInteger(value)) return { ok: false, error: 'Enter the term as a whole number of years, like 30.' };
  if (value < 1 || value > max) return { ok: false, error: `Enter a term from 1 to ${max} years.` };
  return { ok: true, value };
}

/** Checks typed loan terms against LOAN_LIMITS; either the numbers or a message per bad field. */
export function checkLoanTerms(input: LoanTermsInput): { ok: true; terms: LoanTerms } | { ok: false; errors: LoanTermErrors } {
  const balance = checkAmount(input.balance, 'balance');
  const rate = checkRate(input.ratePercent, 'Enter the current interest rate.');
  const months = checkMonths(input.months);
  if (balance.ok && rate.ok && months.ok) return { ok: true, terms: { balance: balance.value, ratePercent: rate.value, months: months.value } };
  const errors: LoanTermErrors = {};
  if (!balance.ok) errors.balance = balance.error;
  if (!rate.ok) errors.ratePercent = rate.error;
  if (!months.ok) errors.months = months.error;
  return { ok: false, errors };
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
