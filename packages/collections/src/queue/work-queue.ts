// The order of a collector's work queue: what needs doing today comes first (a promise due, a broken
// promise, a follow-up due), then the accounts most worth a call now.
import type { LocalDate } from '../dates/local-date.js';
import type { Cents } from '../money/cents.js';

/** Why an account is in its tier of the queue. */
export type QueueReason = 'promise_due' | 'broken_promise' | 'follow_up_due' | 'past_due';

/** The facts of one account the queue is ordered by. */
export interface QueueFacts {
  readonly accountId: string;
  readonly balanceCents: Cents;
  readonly daysPastDue: number;
  /** Due date of the account's next unkept promise installment, in the debtor's zone. */
  readonly promiseDueDate: LocalDate | null;
  /** The debtor's local today. */
  readonly debtorToday: LocalDate;
  readonly brokenPromiseAt: Date | null;
  readonly followUpAt: Date | null;
  readonly lastContactAt: Date | null;
  /** Whether the contact rules allow a call to the debtor now. */
  readonly callableNow: boolean;
}

/** The tiers: 1 promise due (today or overdue), 2 broken promise, 3 follow-up due, 4 everything else. */
export function queueTier(facts: QueueFacts, now: Date): { tier: 1 | 2 | 3 | 4; reason: QueueReason } {
  if (facts.promiseDueDate !== null && facts.promiseDueDate <= facts.debtorToday) return { tier: 1, reason: 'promise_due' };
  if (facts.brokenPromiseAt !== null) return { tier: 2, reason: 'broken_promise' };
  if (facts.followUpAt !== null && facts.followUpAt.getTime() <= now.getTime()) return { tier: 3, reason: 'follow_up_due' };
  return { tier: 4, reason: 'past_due' };
}

/**
 * Queue order: tier; then callable now first; most days past due; largest balance; longest since the
 * last contact (never contacted first); account id, so the order is total and stable across pages.
 */
export function compareQueueEntries(a: QueueFacts, b: QueueFacts, now: Date): number {
  return (
    queueTier(a, now).tier - queueTier(b, now).tier ||
    Number(b.callableNow) - Number(a.callableNow) ||
    b.daysPastDue - a.daysPastDue ||
    b.balanceCents - a.balanceCents ||
    compareLastContact(a.lastContactAt, b.lastContactAt) ||
    (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0)
  );
}

function compareLastContact(a: Date | null, b: Date | null): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : -1) : 1;
  return a.getTime() - b.getTime();
}

/** The entries in queue order, each with its tier and reason (a new array; the input is left as is). */
export function prioritizeQueue<T extends QueueFacts>(entries: readonly T[], now: Date): (T & { tier: number; reason: QueueReason })[] {
  return entries
    .map((entry) => ({ ...entry, ...queueTier(entry, now) }))
    .sort((a, b) => compareQueueEntries(a, b, now));
}
