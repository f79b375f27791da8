// How old a debt is and how much of a placement has been collected: the numbers the work queue sorts
// by and the dashboard groups by.
import type { LocalDate } from '../dates/local-date.js';
import { daysBetween } from '../dates/local-date.js';
import type { Cents } from '../money/cents.js';

/** The dashboard's aging buckets, by days past due: 0–30, 31–60, 61–90, 91–180 and over 180. */
export type AgingBucket = '0-30' | '31-60' | '61-90' | '91-180' | '180+';

/** Every aging bucket, youngest first. */
export const AGING_BUCKETS: readonly AgingBucket[] = Object.freeze(['0-30', '31-60', '61-90', '91-180', '180+'] as const);

/** Whole days from the delinquency date to today: 0 when there is none or it is today or later. */
export function daysPastDue(delinquencyDate: LocalDate | null, today: LocalDate): number {
  if (delinquencyDate === null) return 0;
  return Math.max(0, daysBetween(delinquencyDate, today));
}

/** The aging bucket of a number of days past due (181 and more: '180+'). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 30) return '0-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  if (daysPastDue <= 180) return '91-180';
  return '180+';
}

/** Whether text names an aging bucket (for filters arriving as strings). */
export function isAgingBucket(text: string): text is AgingBucket {
  return (AGING_BUCKETS as readonly string[]).includes(text);
}

/** Collected over placed (0.25 = a quarter collected), or null when nothing was placed. */
export function liquidationRate(collectedCents: Cents, placedCents: Cents): number | null {
  if (placedCents === 0) return null;
  return collectedCents / placedCents;
}
