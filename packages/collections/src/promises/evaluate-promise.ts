// Whether a promise to pay is being kept, decided from the payments posted against it. Collect!'s
// model: payments, in date order, fill the installments in due order, so an over-payment advances to
// the next installments; an installment has until its due date plus the grace days; the promise is
// broken while an installment's deadline has passed without it being paid in full, and a late payment
// that catches up while the schedule runs makes it whole again.
import { addLocalDays, isLocalDate, startOfLocalDay } from '../dates/local-date.js';
import type { LocalDate } from '../dates/local-date.js';
import { PromiseRuleError } from '../errors/rule-errors.js';
import type { EvaluatedInstallment, InstallmentState, PromiseEvaluation, PromiseEvaluationInput, PromisePayment, PromiseStatus } from './promise-types.js';

/** The most grace days a promise may give (a month). */
export const MAX_GRACE_DAYS = 31;

/** Throws PromiseRuleError unless graceDays is a whole number from 0 to MAX_GRACE_DAYS. */
export function checkGraceDays(graceDays: number): number {
  if (!Number.isSafeInteger(graceDays) || graceDays < 0 || graceDays > MAX_GRACE_DAYS) {
    // Grace days move every deadline: a bad count leaves no dates to keep the promise by.
    throw new PromiseRuleError('INVALID_DATE', `Grace days must be a whole number from 0 to ${MAX_GRACE_DAYS}, not ${String(graceDays)}.`, 'Give the days of grace after each due date, such as 3.');
  }
  return graceDays;
}

function checkDate(date: string, what: string): void {
  if (!isLocalDate(date)) throw new PromiseRuleError('INVALID_DATE', `${what} ${JSON.stringify(date)} is not a calendar date.`, "Write dates as 'YYYY-MM-DD'.");
}

function checkCents(cents: number, what: string, positive: boolean): void {
  if (!Number.isSafeInteger(cents) || (positive && cents <= 0)) {
    throw new PromiseRuleError('INVALID_AMOUNT', `${what} must be a ${positive ? 'positive ' : ''}whole number of cents, not ${String(cents)}.`, 'Keep amounts in integer cents.');
  }
}

/** Payments that count toward a promise, in the order they are applied: dated takenOn..today, by date then id. */
function countedPayments(payments: readonly PromisePayment[], takenOn: LocalDate, today: LocalDate): PromisePayment[] {
  for (const payment of payments) {
    checkDate(payment.localDate, `Payment ${payment.id}'s date`);
    checkCents(payment.amountCents, `Payment ${payment.id}'s amount`, false);
  }
  return payments
    .filter((p) => p.amountCents > 0 && p.localDate >= takenOn && p.localDate <= today)
    .sort((a, b) => (a.localDate < b.localDate ? -1 : a.localDate > b.localDate ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Fills installments in waterfall order with the payments (already sorted); what each received, and what was left over. */
function fillInstallments(order: readonly number[], amounts: readonly number[], payments: readonly PromisePayment[]): { paid: number[]; applied: number; unapplied: number } {
  const paid = amounts.map(() => 0);
  let applied = 0;
  let unapplied = 0;
  let cursor = 0; // position in `order` of the first installment not yet paid in full
  for (const payment of payments) {
    let left = payment.amountCents;
    while (left > 0 && cursor < order.length) {
      const index = order[cursor];
      const take = Math.min(left, amounts[index] - paid[index]);
      paid[index] += take;
      left -= take;
      applied += take;
      if (paid[index] === amounts[index]) cursor++;
    }
    unapplied += left;
  }
  return { paid, applied, unapplied };
}

/**
 * Applies the payments to a promise's installments and states where it stands on `today` (the
 * debtor's local date). Payments dated before takenOn or after today, and non-positive amounts, do
 * not count; reversed payments must be left out by the caller. An installment is kept when paid in
 * full (late included), partially_kept when paid in part, broken when unpaid after its lastKeepDate
 * (due date + grace), else pending; cancelled promises show every unkept installment cancelled and no
 * brokenOn.
 *
 * The promise is broken while it is in arrears: an installment whose lastKeepDate has passed is not
 * paid in full. Collect!'s model: a late payment made while the schedule still runs (dated up to the
 * last installment's lastKeepDate) that clears the arrears makes the promise whole again (active, or
 * kept when every installment is paid); once the schedule's last keep date has passed short, the
 * promise stays broken, whatever is paid later. brokenOn is the day after the lastKeepDate of the
 * earliest installment in arrears. Otherwise the promise is kept when every installment is kept,
 * cancelled when cancelled, else active.
 */
export function evaluatePromise(input: PromiseEvaluationInput): PromiseEvaluation {
  const { takenOn, today } = input;
  const graceDays = checkGraceDays(input.graceDays);
  checkDate(takenOn, 'The date the promise was taken');
  checkDate(today, 'Today');
  if (input.installments.length === 0) throw new PromiseRuleError('EMPTY_SCHEDULE', 'A promise needs at least one installment.', 'Evaluate a promise with its installments.');
  for (const installment of input.installments) {
    checkDate(installment.dueDate, `Installment ${installment.seq}'s due date`);
    checkCents(installment.amountCents, `Installment ${installment.seq}'s amount`, true);
  }

  // Waterfall order: by due date (seq breaks ties of a hand-made schedule).
  const order = [...input.installments.keys()].sort((i, j) => {
    const a = input.installments[i];
    const b = input.installments[j];
    return a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.seq - b.seq;
  });
  const amounts = input.installments.map((i) => i.amountCents);
  const lastKeep = input.installments.map((i) => addLocalDays(i.dueDate, graceDays));
  const counted = countedPayments(input.payments, takenOn, today);
  const { paid, applied, unapplied } = fillInstallments(order, amounts, counted);

  const cancelled = input.cancelled === true;
  let brokenOn: LocalDate | null = null;
  // A cancelled promise has no deadlines left: when it was cancelled is not known here, so a deadline
  // after the cancellation must not read as a break (the server keeps brokenAt of one that broke first).
  if (!cancelled) {
    // Payments after the schedule's last keep date no longer mend it: arrears are read as of that day.
    const scheduleEnd = lastKeep.reduce((latest, date) => (date > latest ? date : latest));
    const mending = today <= scheduleEnd ? paid : fillInstallments(order, amounts, counted.filter((p) => p.localDate <= scheduleEnd)).paid;
    const firstShort = order.find((index) => mending[index] < amounts[index]);
    if (firstShort !== undefined && lastKeep[firstShort] < today) brokenOn = addLocalDays(lastKeep[firstShort], 1);
  }

  const installments: EvaluatedInstallment[] = input.installments.map((installment, index) => {
    let state: InstallmentState;
    if (paid[index] >= installment.amountCents) state = 'kept';
    else if (cancelled) state = 'cancelled';
    else if (paid[index] > 0) state = 'partially_kept';
    else if (today > lastKeep[index]) state = 'broken';
    else state = 'pending';
    return { seq: installment.seq, dueDate: installment.dueDate, amountCents: installment.amountCents, paidCents: paid[index], state, lastKeepDate: lastKeep[index] };
  });

  const allKept = installments.every((i) => i.state === 'kept');
  const status: PromiseStatus = cancelled ? 'cancelled' : brokenOn !== null ? 'broken' : allKept ? 'kept' : 'active';
  const firstUnkept = order.find((index) => paid[index] < input.installments[index].amountCents);
  const nextDueDate = cancelled || firstUnkept === undefined ? null : input.installments[firstUnkept].dueDate;
  return { installments, status, nextDueDate, brokenOn, appliedCents: applied, unappliedCents: unapplied };
}

/**
 * When the broken-promise check for an installment runs: the start of the debtor's local day after
 * dueDate + graceDays, the first instant at which an unpaid installment counts as broken.
 */
export function promiseCheckInstant(dueDate: LocalDate, graceDays: number, timeZone: string): Date {
  checkDate(dueDate, 'The due date');
  return startOfLocalDay(addLocalDays(dueDate, checkGraceDays(graceDays) + 1), timeZone);
}
