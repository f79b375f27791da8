import { describe, expect, it } from 'vitest';
import { PromiseRuleError } from '../errors/rule-errors.js';
import type { PromiseRuleErrorCode } from '../errors/rule-errors.js';
import { buildPromiseSchedule } from './promise-schedule.js';
import type { PromiseScheduleRequest } from './promise-types.js';

const TODAY = '2026-11-27';

function codeOf(request: PromiseScheduleRequest, today = TODAY): PromiseRuleErrorCode {
  try {
    buildPromiseSchedule(request, today);
  } catch (error) {
    if (error instanceof PromiseRuleError) return error.code;
    throw error;
  }
  throw new Error('expected a PromiseRuleError');
}

describe('buildPromiseSchedule', () => {
  it('makes one installment of a single payment, due today at the earliest', () => {
    expect(buildPromiseSchedule({ kind: 'single', amountCents: 5000, dueDate: TODAY }, TODAY)).toEqual([{ seq: 1, dueDate: TODAY, amountCents: 5000 }]);
  });

  it('keeps a hand-made plan as given, numbered in due order', () => {
    const plan = buildPromiseSchedule({ kind: 'installments', installments: [{ dueDate: '2026-12-01', amountCents: 100 }, { dueDate: '2026-12-15', amountCents: 250 }] }, TODAY);
    expect(plan).toEqual([
      { seq: 1, dueDate: '2026-12-01', amountCents: 100 },
      { seq: 2, dueDate: '2026-12-15', amountCents: 250 },
    ]);
  });

  it('splits a total evenly, giving the cents that do not divide to the first installments', () => {
    const plan = buildPromiseSchedule({ kind: 'installments', totalCents: 10000, count: 3, firstDueDate: '2026-12-01', every: 'biweekly' }, TODAY);
    expect(plan.map((i) => i.amountCents)).toEqual([3334, 3333, 3333]);
    expect(plan.map((i) => i.dueDate)).toEqual(['2026-12-01', '2026-12-15', '2026-12-29']);
  });

  it('repeats an amount monthly on the same day, on the last day of shorter months', () => {
    const plan = buildPromiseSchedule({ kind: 'recurring', amountCents: 2500, firstDueDate: '2027-01-31', every: 'monthly', count: 4 }, TODAY);
    expect(plan.map((i) => i.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(plan.every((i) => i.amountCents === 2500)).toBe(true);
  });

  it('repeats weekly', () => {
    const plan = buildPromiseSchedule({ kind: 'recurring', amountCents: 1000, firstDueDate: '2026-12-28', every: 'weekly', count: 2 }, TODAY);
    expect(plan.map((i) => i.dueDate)).toEqual(['2026-12-28', '2027-01-04']);
  });

  it.each<[string, PromiseScheduleRequest, PromiseRuleErrorCode]>([
    ['a zero amount', { kind: 'single', amountCents: 0, dueDate: TODAY }, 'INVALID_AMOUNT'],
    ['fractional cents', { kind: 'single', amountCents: 10.5, dueDate: TODAY }, 'INVALID_AMOUNT'],
    ['a due date before today', { kind: 'single', amountCents: 100, dueDate: '2026-11-26' }, 'DUE_DATE_IN_PAST'],
    ['an impossible date', { kind: 'single', amountCents: 100, dueDate: '2026-11-31' }, 'INVALID_DATE'],
    ['dates out of order', { kind: 'installments', installments: [{ dueDate: '2026-12-05', amountCents: 1 }, { dueDate: '2026-12-01', amountCents: 1 }] }, 'DATES_NOT_INCREASING'],
    ['two installments on one day', { kind: 'installments', installments: [{ dueDate: '2026-12-05', amountCents: 1 }, { dueDate: '2026-12-05', amountCents: 1 }] }, 'DATES_NOT_INCREASING'],
    ['no installments', { kind: 'installments', installments: [] }, 'EMPTY_SCHEDULE'],
    ['a count of zero', { kind: 'recurring', amountCents: 100, firstDueDate: TODAY, every: 'weekly', count: 0 }, 'EMPTY_SCHEDULE'],
    ['61 installments', { kind: 'recurring', amountCents: 100, firstDueDate: TODAY, every: 'weekly', count: 61 }, 'TOO_MANY_INSTALLMENTS'],
    ['a total smaller than the count', { kind: 'installments', totalCents: 2, count: 3, firstDueDate: TODAY, every: 'weekly' }, 'INVALID_AMOUNT'],
    ['an unknown frequency', { kind: 'recurring', amountCents: 100, firstDueDate: TODAY, every: 'daily' as 'weekly', count: 2 }, 'INVALID_DATE'],
  ])('refuses %s', (_, request, code) => {
    expect(codeOf(request)).toBe(code);
  });

  it('allows exactly 60 installments', () => {
    expect(buildPromiseSchedule({ kind: 'recurring', amountCents: 100, firstDueDate: TODAY, every: 'monthly', count: 60 }, TODAY)).toHaveLength(60);
  });

  it('explains a refusal with a message and a recovery suggestion', () => {
    try {
      buildPromiseSchedule({ kind: 'single', amountCents: 100, dueDate: '2026-11-01' }, TODAY);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PromiseRuleError);
      const rule = error as PromiseRuleError;
      expect(rule.name).toBe('PromiseRuleError');
      expect(rule.message).toContain('2026-11-01');
      expect(rule.recoverySuggestion).toMatch(/today or later/);
    }
  });
});
