// Payment arithmetic for the estimator and the modification options (standard amortisation).

/** The monthly payment of a loan of `principal` at `annualRatePercent` over `months` (0 % -> straight line). */
export function monthlyPayment(principal: number, annualRatePercent: number, months: number): number {
  if (!(principal > 0) || !(months > 0)) return 0;
  const rate = annualRatePercent / 100 / 12;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

/** One modification option for a loan. */
export interface ModificationOption {
  name: string;
  description: string;
  ratePercent: number;
  months: number;
  payment: number;
}

/**
 * Three standard options for a balance: keep the terms, extend the term to 40 years, or reduce the
 * rate by two points (not below 2 %), each with its monthly payment.
 */
export function modificationOptions(balance: number, ratePercent: number, remainingMonths: number): ModificationOption[] {
  const reduced = Math.max(2, ratePercent - 2);
  return [
    { name: 'Current terms', description: 'No change to rate or term.', ratePercent, months: remainingMonths, payment: monthlyPayment(balance, ratePercent, remainingMonths) },
    { name: 'Term extension', description: 'Extend the term to 40 years at the same rate.', ratePercent, months: 480, payment: monthlyPayment(balance, ratePercent, 480) },
    { name: 'Rate reduction', description: `Reduce the rate to ${reduced.toFixed(2)} % for the remaining term.`, ratePercent: reduced, months: remainingMonths, payment: monthlyPayment(balance, reduced, remainingMonths) },
  ];
}
