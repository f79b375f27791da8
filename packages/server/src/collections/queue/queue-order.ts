// The work queue's priority and the account's aging, pure. Mirrors the contract of
// @steward/collections (queueTier, compareQueueEntries, prioritizeQueue, daysPastDue, agingBucketOf)
// until that package is merged in; the server then imports it from there.

/** Integer cents. */
export type Cents = number;
/** A calendar date 'YYYY-MM-DD'. */
export type LocalDate = string;

/** Why an account is where it is in the queue. */
export type QueueReason = 'promise_due' | 'broken_promise' | 'follow_up_due' | 'past_due';

/** What the queue orders an account by. */
export interface QueueFacts {
  readonly accountId: string;
  readonly balanceCents: Cents;
  readonly daysPastDue: number;
  readonly promiseDueDate: LocalDate | null;
  /** The debtor's local today. */
  readonly debtorToday: LocalDate;
  readonly brokenPromiseAt: Date | null;
  readonly followUpAt: Date | null;
  readonly lastContactAt: Date | null;
  readonly callableNow: boolean;
}

/** 1 promise due (on or before the debtor's today), 2 broken promise, 3 follow-up due, 4 past due. */
export function queueTier(facts: QueueFacts, now: Date): { tier: 1 | 2 | 3 | 4; reason: QueueReason } {
  if (facts.promiseDueDate !== null && facts.promiseDueDate <= facts.debtorToday) return { tier: 1, reason: 'promise_due' };
  if (facts.brokenPromiseAt !== null) return { tier: 2, reason: 'broken_promise' };
  if (facts.followUpAt !== null && facts.followUpAt.getTime() <= now.getTime()) return { tier: 3, reason: 'follow_up_due' };
  return { tier: 4, reason: 'past_due' };
}

/** Tier; callable now first; days past due, then balance, descending; oldest last contact first (never first); account id. */
export function compareQueueEntries(a: QueueFacts, b: QueueFacts, now: Date): number {
  const tier = queueTier(a, now).tier - queueTier(b, now).tier;
  if (tier !== 0) return tier;
  if (a.callableNow !== b.callableNow) return a.callableNow ? -1 : 1;
  if (a.daysPastDue !== b.daysPastDue) return b.daysPastDue - a.daysPastDue;
  if (a.balanceCents !== b.balanceCents) return b.balanceCents - a.balanceCents;
  const la = a.lastContactAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const lb = b.lastContactAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (la !== lb) return la < lb ? -1 : 1;
  return a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0;
}

/** The entries in queue order, each with its tier and reason. */
export function prioritizeQueue<T extends QueueFacts>(entries: readonly T[], now: Date): (T & { tier: number; reason: QueueReason })[] {
  return [...entries].sort((a, b) => compareQueueEntries(a, b, now)).map((e) => ({ ...e, ...queueTier(e, now) }));
}

/** The aging buckets. */
export type AgingBucket = '0-30' | '31-60' | '61-90' | '91-180' | '180+';
/** Every bucket, youngest first. */
export const AGING_BUCKETS: readonly AgingBucket[] = ['0-30', '31-60', '61-90', '91-180', '180+'];

const DAY_MS = 86_400_000;

/** Days from the delinquency date to today; 0 when null or in the future. */
export function daysPastDue(delinquencyDate: LocalDate | null, today: LocalDate): number {
  if (delinquencyDate === null) return 0;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${delinquencyDate}T00:00:00Z`)) / DAY_MS);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** The bucket of a days-past-due count. */
export function agingBucketOf(days: number): AgingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  if (days <= 180) return '91-180';
  return '180+';
}

/** The calendar date of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
