// The shapes of promises to pay: what a collector asks for, the installments it becomes, and the
// state of each once payments are applied.
import type { LocalDate } from '../dates/local-date.js';
import type { Cents } from '../money/cents.js';

/** One payment, a plan of installments, or a repeating amount. */
export type PromiseKind = 'single' | 'installments' | 'recurring';

/** How far apart generated installments fall. */
export type Frequency = 'weekly' | 'biweekly' | 'monthly';

/** Every promise kind. */
export const PROMISE_KINDS: readonly PromiseKind[] = Object.freeze(['single', 'installments', 'recurring'] as const);

/** Every frequency. */
export const FREQUENCIES: readonly Frequency[] = Object.freeze(['weekly', 'biweekly', 'monthly'] as const);

/** The state of one installment. */
export type InstallmentState = 'pending' | 'kept' | 'partially_kept' | 'broken' | 'cancelled';

/** The state of a whole promise. */
export type PromiseStatus = 'active' | 'kept' | 'broken' | 'cancelled';

/** One installment of a schedule: its number (from 1), due date and amount. */
export interface ScheduledInstallment {
  readonly seq: number;
  readonly dueDate: LocalDate;
  readonly amountCents: Cents;
}

/** What a collector asks for; buildPromiseSchedule turns it into installments. */
export type PromiseScheduleRequest =
  | { kind: 'single'; amountCents: Cents; dueDate: LocalDate }
  | { kind: 'installments'; installments: readonly { dueDate: LocalDate; amountCents: Cents }[] }
  /** An even split of totalCents; the cents that do not divide go one each to the first installments. */
  | { kind: 'installments'; totalCents: Cents; count: number; firstDueDate: LocalDate; every: Frequency }
  | { kind: 'recurring'; amountCents: Cents; firstDueDate: LocalDate; every: Frequency; count: number };

/** A posted payment as the promise rules see it (the caller leaves reversed payments out). */
export interface PromisePayment {
  readonly id: string;
  /** The payment's date in the debtor's zone. */
  readonly localDate: LocalDate;
  readonly amountCents: Cents;
}

/** An installment with the payments applied to it. */
export interface EvaluatedInstallment extends ScheduledInstallment {
  readonly paidCents: Cents;
  readonly state: InstallmentState;
  /** dueDate + grace days: the last local date a payment keeps the installment on time. */
  readonly lastKeepDate: LocalDate;
}

/** A promise with the payments applied. */
export interface PromiseEvaluation {
  readonly installments: readonly EvaluatedInstallment[];
  readonly status: PromiseStatus;
  /** Due date of the earliest installment not kept; null when all are kept or the promise is cancelled. */
  readonly nextDueDate: LocalDate | null;
  /** While broken: the day after the lastKeepDate of the earliest installment in arrears (null while it is not broken, and for a cancelled promise). */
  readonly brokenOn: LocalDate | null;
  /** Payment cents applied to installments. */
  readonly appliedCents: Cents;
  /** Over-payment beyond the whole promise. */
  readonly unappliedCents: Cents;
}

/** What evaluatePromise needs. */
export interface PromiseEvaluationInput {
  readonly installments: readonly ScheduledInstallment[];
  readonly graceDays: number;
  readonly payments: readonly PromisePayment[];
  /** The local date the promise was taken: payments dated before it belong to no promise. */
  readonly takenOn: LocalDate;
  /** The debtor's local today: payments dated after it are not counted yet. */
  readonly today: LocalDate;
  readonly cancelled?: boolean;
}
