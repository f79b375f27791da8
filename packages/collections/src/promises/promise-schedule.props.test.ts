// Schedules against oracles: the split recombines to the total with parts a cent apart at most, and
// monthly dates are found by walking the calendar one day at a time (the first date's day of the
// month, or the month's last day when the month is shorter).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import type { PromiseRuleError } from '../errors/rule-errors.js';
import { buildPromiseSchedule } from './promise-schedule.js';
import type { Frequency } from './promise-types.js';

const DAY = 86_400_000;
const TODAY = '2026-11-27';
const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);
const firstArb = fc.integer({ min: Date.UTC(2026, 10, 27) / DAY, max: Date.UTC(2030, 0, 1) / DAY }).map(dateOf);

/** The dates of a series by walking day by day: weekly/biweekly every 7/14 days; monthly by month changes. */
function walkedDates(first: string, every: Frequency, count: number): string[] {
  if (every !== 'monthly') {
    const step = every === 'weekly' ? 7 : 14;
    const out: string[] = [];
    let day = Date.parse(first) / DAY;
    for (let i = 0; i < count; i++, day += step) out.push(dateOf(day));
    return out;
  }
  const wanted = Number(first.slice(8, 10));
  const out = [first];
  let day = Date.parse(first) / DAY;
  let month = first.slice(0, 7);
  let candidate: string | null = null;
  while (out.length < count) {
    day++;
    const date = dateOf(day);
    if (date.slice(0, 7) !== month) {
      // A new month began: the previous month's pick, if the walk was inside one, is final.
      if (candidate !== null) out.push(candidate);
      month = date.slice(0, 7);
      candidate = null;
    }
    if (out.length >= count) break;
    const dom = Number(date.slice(8, 10));
    if (dom <= wanted) candidate = date;
  }
  return out;
}

describe('buildPromiseSchedule (property)', () => {
  it('splits any total into count parts a cent apart at most, larger first, adding up to the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 10_000_000 }), firstArb, fc.constantFrom<Frequency>('weekly', 'biweekly', 'monthly'), (count, extra, first, every) => {
        const total = count + extra;
        const plan = buildPromiseSchedule({ kind: 'installments', totalCents: total, count, firstDueDate: first, every }, TODAY);
        const amounts = plan.map((i) => i.amountCents);
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
        expect(plan.map((i) => i.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      }),
      propertyRuns(300),
    );
  });

  it('dates a series as walking the calendar day by day does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), firstArb, fc.constantFrom<Frequency>('weekly', 'biweekly', 'monthly'), (count, first, every) => {
        const plan = buildPromiseSchedule({ kind: 'recurring', amountCents: 100, firstDueDate: first, every, count }, TODAY);
        expect(plan.map((i) => i.dueDate)).toEqual(walkedDates(first, every, count));
      }),
      propertyRuns(200),
    );
  });

  it('refuses any hand-made plan whose dates do not strictly increase, and keeps any that do', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(firstArb, fc.integer({ min: 1, max: 100_000 })), { minLength: 1, maxLength: 10 }), (parts) => {
        const installments = parts.map(([dueDate, amountCents]) => ({ dueDate, amountCents }));
        const increasing = installments.every((p, i) => i === 0 || p.dueDate > installments[i - 1].dueDate);
        if (increasing) {
          expect(buildPromiseSchedule({ kind: 'installments', installments }, TODAY).map((i) => i.dueDate)).toEqual(installments.map((p) => p.dueDate));
        } else {
          expect(() => buildPromiseSchedule({ kind: 'installments', installments }, TODAY)).toThrow(expect.objectContaining({ code: 'DATES_NOT_INCREASING' }) as PromiseRuleError);
        }
      }),
      propertyRuns(300),
    );
  });
});
