// Turning a collector's request (one payment, a plan, a repeating amount) into dated installments,
// refusing what cannot be a promise with a PromiseRuleError.
import { addLocalDays, isLocalDate, localDateOfDayNumber, localDayNumber } from '../dates/local-date.js';
import type { LocalDate } from '../dates/local-date.js';
import { PromiseRuleError } from '../errors/rule-errors.js';
import type { Cents } from '../money/cents.js';
import type { Frequency, PromiseScheduleRequest, ScheduledInstallment } from './promise-types.js';
import { FREQUENCIES } from './promise-types.js';

/** The most installments one promise may have (five years of monthly payments). */
export const MAX_INSTALLMENTS = 60;

function requireDate(date: unknown, field: string): LocalDate {
  if (typeof date !== 'string' || !isLocalDate(date)) {
    throw new PromiseRuleError('INVALID_DATE', `${field} ${JSON.stringify(date)} is not a calendar date.`, "Write dates as 'YYYY-MM-DD', such as 2026-12-01.");
  }
  return date;
}

function requireAmount(amount: unknown, field: string): Cents {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new PromiseRuleError('INVALID_AMOUNT', `${field} must be a positive whole number of cents, not ${String(amount)}.`, 'Give the amount in cents, at least 1.');
  }
  return amount;
}

function requireCount(count: unknown): number {
  if (typeof count !== 'number' || !Number.isSafeInteger(count)) {
    throw new PromiseRuleError('INVALID_AMOUNT', `The number of installments must be a whole number, not ${String(count)}.`, `Give a count from 1 to ${MAX_INSTALLMENTS}.`);
  }
  if (count < 1) throw new PromiseRuleError('EMPTY_SCHEDULE', 'A promise needs at least one installment.', `Give a count from 1 to ${MAX_INSTALLMENTS}.`);
  if (count > MAX_INSTALLMENTS) {
    throw new PromiseRuleError('TOO_MANY_INSTALLMENTS', `A promise may have at most ${MAX_INSTALLMENTS} installments, not ${count}.`, 'Take a shorter plan, or larger installments.');
  }
  return count;
}

function requireFrequency(every: unknown): Frequency {
  if (typeof every !== 'string' || !(FREQUENCIES as readonly string[]).includes(every)) {
    // The frequency is what dates the installments: without a known one there are no due dates.
    throw new PromiseRuleError('INVALID_DATE', `${JSON.stringify(every)} is not a frequency.`, `Choose one of ${FREQUENCIES.join(', ')}.`);
  }
  return every as Frequency;
}

/** Days in a month of the proleptic Gregorian calendar (month 0-11). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The k-th date (from 0) of a series starting at `first`. Monthly dates keep the first date's day of
 * the month, on the month's last day when it is shorter (Jan 31, Feb 28, Mar 31: always counted from
 * the first date, so one short month does not pull every later date back).
 */
export function seriesDate(first: LocalDate, every: Frequency, k: number): LocalDate {
  if (every === 'weekly') return addLocalDays(first, 7 * k);
  if (every === 'biweekly') return addLocalDays(first, 14 * k);
  const start = new Date(localDayNumber(first) * 86_400_000);
  const monthIndex = start.getUTCMonth() + k;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  return localDateOfDayNumber(Date.UTC(year, month, day) / 86_400_000);
}

/** Splits totalCents into `count` whole-cent parts differing by at most one cent, larger parts first. */
export function splitEvenly(totalCents: Cents, count: number): Cents[] {
  const base = Math.floor(totalCents / count);
  const extra = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

function checkedSchedule(parts: readonly { dueDate: LocalDate; amountCents: Cents }[], today: LocalDate): ScheduledInstallment[] {
  if (parts.length === 0) throw new PromiseRuleError('EMPTY_SCHEDULE', 'A promise needs at least one installment.', 'Add an installment with a due date and an amount.');
  if (parts.length > MAX_INSTALLMENTS) {
    throw new PromiseRuleError('TOO_MANY_INSTALLMENTS', `A promise may have at most ${MAX_INSTALLMENTS} installments, not ${parts.length}.`, 'Take a shorter plan, or larger installments.');
  }
  let total = 0;
  parts.forEach((part, i) => {
    requireDate(part.dueDate, `Installment ${i + 1}'s due date`);
    requireAmount(part.amountCents, `Installment ${i + 1}'s amount`);
    total += part.amountCents;
  });
  if (!Number.isSafeInteger(total)) throw new PromiseRuleError('INVALID_AMOUNT', 'The installments add up to more than can be counted in cents.', 'Take smaller amounts.');
  if (parts[0].dueDate < today) {
    throw new PromiseRuleError('DUE_DATE_IN_PAST', `The first due date ${parts[0].dueDate} is before today (${today}).`, 'Choose a due date of today or later.');
  }
  for (let i = 1; i < parts.length; i++) {
    if (parts[i].dueDate <= parts[i - 1].dueDate) {
      throw new PromiseRuleError(
        'DATES_NOT_INCREASING',
        `Installment ${i + 1} is due ${parts[i].dueDate}, not after installment ${i}'s ${parts[i - 1].dueDate}.`,
        'Give each installment a later due date than the one before.',
      );
    }
  }
  return parts.map((part, i) => ({ seq: i + 1, dueDate: part.dueDate, amountCents: part.amountCents }));
}

/**
 * The installments a request makes, numbered from 1 in due order. Throws PromiseRuleError: INVALID_AMOUNT
 * (an amount or count that is not a positive whole number, or a total too small to give every
 * installment a cent), INVALID_DATE (a date or frequency that is not one), DUE_DATE_IN_PAST (the
 * first due date is before `today`, the debtor's local date), DATES_NOT_INCREASING, TOO_MANY_INSTALLMENTS
 * (over 60) or EMPTY_SCHEDULE.
 */
export function buildPromiseSchedule(request: PromiseScheduleRequest, today: LocalDate): ScheduledInstallment[] {
  requireDate(today, 'Today');
  switch (request.kind) {
    case 'single':
      return checkedSchedule([{ dueDate: requireDate(request.dueDate, 'The due date'), amountCents: requireAmount(request.amountCents, 'The amount') }], today);
    case 'installments': {
      if ('installments' in request) {
        if (!Array.isArray(request.installments)) throw new PromiseRuleError('EMPTY_SCHEDULE', 'A plan needs its installments.', 'Add an installment with a due date and an amount.');
        return checkedSchedule(request.installments, today);
      }
      const count = requireCount(request.count);
      const total = requireAmount(request.totalCents, 'The total');
      if (total < count) {
        throw new PromiseRuleError('INVALID_AMOUNT', `${total} cents cannot be split into ${count} installments of at least a cent.`, 'Take a larger total or fewer installments.');
      }
      const first = requireDate(request.firstDueDate, 'The first due date');
      const every = requireFrequency(request.every);
      return checkedSchedule(
        splitEvenly(total, count).map((amountCents, k) => ({ dueDate: seriesDate(first, every, k), amountCents })),
        today,
      );
    }
    case 'recurring': {
      const count = requireCount(request.count);
      const amount = requireAmount(request.amountCents, 'The amount');
      const first = requireDate(request.firstDueDate, 'The first due date');
      const every = requireFrequency(request.every);
      return checkedSchedule(
        Array.from({ length: count }, (_, k) => ({ dueDate: seriesDate(first, every, k), amountCents: amount })),
        today,
      );
    }
    default: {
      const kind: unknown = (request as { kind?: unknown }).kind;
      throw new PromiseRuleError('EMPTY_SCHEDULE', `${JSON.stringify(kind)} is not a kind of promise.`, 'Choose single, installments or recurring.');
    }
  }
}
