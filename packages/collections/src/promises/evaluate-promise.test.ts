import { describe, expect, it } from 'vitest';
import { PromiseRuleError } from '../errors/rule-errors.js';
import { evaluatePromise, promiseCheckInstant } from './evaluate-promise.js';
import type { PromisePayment, ScheduledInstallment } from './promise-types.js';

// The example: three installments of $100 due Dec 1, Dec 15 and Jan 1, three grace days.
const THREE: ScheduledInstallment[] = [
  { seq: 1, dueDate: '2026-12-01', amountCents: 10000 },
  { seq: 2, dueDate: '2026-12-15', amountCents: 10000 },
  { seq: 3, dueDate: '2027-01-01', amountCents: 10000 },
];
const TAKEN = '2026-11-27';

function pay(id: string, localDate: string, amountCents: number): PromisePayment {
  return { id, localDate, amountCents };
}

describe('evaluatePromise', () => {
  it('is active with every installment pending before any payment or deadline', () => {
    const result = evaluatePromise({ installments: THREE, graceDays: 3, payments: [], takenOn: TAKEN, today: TAKEN });
    expect(result.status).toBe('active');
    expect(result.installments.map((i) => i.state)).toEqual(['pending', 'pending', 'pending']);
    expect(result.installments.map((i) => i.lastKeepDate)).toEqual(['2026-12-04', '2026-12-18', '2027-01-04']);
    expect(result.nextDueDate).toBe('2026-12-01');
    expect(result.brokenOn).toBeNull();
  });

  it('keeps the first, partially keeps the second and breaks on the third after its due date plus grace', () => {
    const payments = [pay('p1', '2026-12-01', 10000), pay('p2', '2026-12-14', 4000)];
    const midway = evaluatePromise({ installments: THREE, graceDays: 3, payments, takenOn: TAKEN, today: '2026-12-16' });
    expect(midway.installments.map((i) => [i.state, i.paidCents])).toEqual([
      ['kept', 10000],
      ['partially_kept', 4000],
      ['pending', 0],
    ]);
    expect(midway.status).toBe('active');
    expect(midway.nextDueDate).toBe('2026-12-15');

    // The second installment's deadline (Dec 18) passes short: the promise breaks on Dec 19.
    const afterSecond = evaluatePromise({ installments: THREE, graceDays: 3, payments, takenOn: TAKEN, today: '2026-12-19' });
    expect(afterSecond.status).toBe('broken');
    expect(afterSecond.brokenOn).toBe('2026-12-19');
    expect(afterSecond.installments[1].state).toBe('partially_kept');

    // Still within the third's grace: pending; the day after Jan 1 + 3 days: broken.
    const inGrace = evaluatePromise({ installments: THREE, graceDays: 3, payments, takenOn: TAKEN, today: '2027-01-04' });
    expect(inGrace.installments[2].state).toBe('pending');
    const afterThird = evaluatePromise({ installments: THREE, graceDays: 3, payments, takenOn: TAKEN, today: '2027-01-05' });
    expect(afterThird.installments.map((i) => i.state)).toEqual(['kept', 'partially_kept', 'broken']);
    expect(afterThird.brokenOn).toBe('2026-12-19');
    expect(afterThird.appliedCents).toBe(14000);
  });

  it('is made whole when the arrears are paid late while the schedule runs, and breaks again on the next miss', () => {
    const short = [pay('p1', '2026-12-01', 10000), pay('p2', '2026-12-14', 4000)];
    // Broken on Dec 19 (the second installment short at its Dec 18 deadline); the $60 it lacks arrives Dec 22.
    const caughtUp = [...short, pay('p3', '2026-12-22', 6000)];
    const whole = evaluatePromise({ installments: THREE, graceDays: 3, payments: caughtUp, takenOn: TAKEN, today: '2026-12-22' });
    expect(whole.status).toBe('active');
    expect(whole.brokenOn).toBeNull();
    expect(whole.installments.map((i) => i.state)).toEqual(['kept', 'kept', 'pending']);
    expect(whole.nextDueDate).toBe('2027-01-01');
    // The day before the catch-up it was broken, since Dec 19.
    expect(evaluatePromise({ installments: THREE, graceDays: 3, payments: caughtUp, takenOn: TAKEN, today: '2026-12-21' })).toMatchObject({ status: 'broken', brokenOn: '2026-12-19' });
    // The third installment missed too: broken again, from Jan 5.
    expect(evaluatePromise({ installments: THREE, graceDays: 3, payments: caughtUp, takenOn: TAKEN, today: '2027-01-05' })).toMatchObject({ status: 'broken', brokenOn: '2027-01-05' });
    // Everything paid by the last keep date (Jan 4), the second late: kept.
    const all = [...caughtUp, pay('p4', '2027-01-04', 10000)];
    expect(evaluatePromise({ installments: THREE, graceDays: 3, payments: all, takenOn: TAKEN, today: '2027-02-01' })).toMatchObject({ status: 'kept', brokenOn: null });
  });

  it('stays broken when the arrears are paid only after the schedule last keep date', () => {
    const payments = [pay('p1', '2026-12-01', 10000), pay('late', '2027-01-05', 20000)];
    const result = evaluatePromise({ installments: THREE, graceDays: 3, payments, takenOn: TAKEN, today: '2027-01-05' });
    expect(result.installments.map((i) => i.state)).toEqual(['kept', 'kept', 'kept']);
    expect(result).toMatchObject({ status: 'broken', brokenOn: '2026-12-19', nextDueDate: null });
  });

  it('breaks on the day after due date plus grace when nothing at all is paid', () => {
    const single: ScheduledInstallment[] = [{ seq: 1, dueDate: '2026-12-01', amountCents: 5000 }];
    expect(evaluatePromise({ installments: single, graceDays: 0, payments: [], takenOn: TAKEN, today: '2026-12-01' }).status).toBe('active');
    const broken = evaluatePromise({ installments: single, graceDays: 0, payments: [], takenOn: TAKEN, today: '2026-12-02' });
    expect(broken.status).toBe('broken');
    expect(broken.brokenOn).toBe('2026-12-02');
    expect(broken.installments[0].state).toBe('broken');
  });

  it('lets a payment within the grace days keep an installment on time', () => {
    const result = evaluatePromise({ installments: THREE.slice(0, 1), graceDays: 3, payments: [pay('p', '2026-12-04', 10000)], takenOn: TAKEN, today: '2026-12-20' });
    expect(result.status).toBe('kept');
    expect(result.brokenOn).toBeNull();
    const late = evaluatePromise({ installments: THREE.slice(0, 1), graceDays: 3, payments: [pay('p', '2026-12-05', 10000)], takenOn: TAKEN, today: '2026-12-20' });
    expect(late.status).toBe('broken');
    expect(late.brokenOn).toBe('2026-12-05');
    // The installment is paid in full, late: it shows kept, and the promise stays broken.
    expect(late.installments[0].state).toBe('kept');
  });

  it('advances an over-payment to the later installments, and counts what is beyond the whole promise as unapplied', () => {
    const result = evaluatePromise({ installments: THREE, graceDays: 3, payments: [pay('big', '2026-11-30', 25000)], takenOn: TAKEN, today: '2026-12-20' });
    expect(result.installments.map((i) => [i.state, i.paidCents])).toEqual([
      ['kept', 10000],
      ['kept', 10000],
      ['partially_kept', 5000],
    ]);
    expect(result.status).toBe('active');
    expect(result.nextDueDate).toBe('2027-01-01');

    const over = evaluatePromise({ installments: THREE, graceDays: 3, payments: [pay('a', '2026-11-30', 25000), pay('b', '2026-12-02', 9000)], takenOn: TAKEN, today: '2026-12-20' });
    expect(over.status).toBe('kept');
    expect(over.nextDueDate).toBeNull();
    expect(over.appliedCents).toBe(30000);
    expect(over.unappliedCents).toBe(4000);
  });

  it('ignores payments dated before the promise was taken or after today, and non-positive amounts', () => {
    const payments = [pay('old', '2026-11-26', 10000), pay('future', '2026-12-03', 10000), pay('zero', '2026-12-01', 0), pay('neg', '2026-12-01', -500)];
    const result = evaluatePromise({ installments: THREE, graceDays: 3, payments, takenOn: TAKEN, today: '2026-12-02' });
    expect(result.appliedCents).toBe(0);
    expect(result.installments[0].state).toBe('pending');
  });

  it('re-opens an installment when a reversed payment is left out', () => {
    const payments = [pay('p1', '2026-12-01', 10000)];
    expect(evaluatePromise({ installments: THREE, graceDays: 3, payments, takenOn: TAKEN, today: '2026-12-02' }).installments[0].state).toBe('kept');
    expect(evaluatePromise({ installments: THREE, graceDays: 3, payments: [], takenOn: TAKEN, today: '2026-12-02' }).installments[0].state).toBe('pending');
  });

  it('marks every unkept installment cancelled when the promise is cancelled', () => {
    const result = evaluatePromise({ installments: THREE, graceDays: 3, payments: [pay('p1', '2026-12-01', 12000)], takenOn: TAKEN, today: '2026-12-02', cancelled: true });
    expect(result.status).toBe('cancelled');
    expect(result.installments.map((i) => i.state)).toEqual(['kept', 'cancelled', 'cancelled']);
    expect(result.nextDueDate).toBeNull();
    // Deadlines passing after a cancellation are no break.
    const later = evaluatePromise({ installments: THREE, graceDays: 3, payments: [], takenOn: TAKEN, today: '2027-02-01', cancelled: true });
    expect(later.status).toBe('cancelled');
    expect(later.brokenOn).toBeNull();
  });

  it('applies same-day payments in id order, so the outcome does not depend on the order given', () => {
    const a = [pay('b', '2026-12-01', 3000), pay('a', '2026-12-01', 8000)];
    const first = evaluatePromise({ installments: THREE, graceDays: 0, payments: a, takenOn: TAKEN, today: '2026-12-01' });
    const second = evaluatePromise({ installments: THREE, graceDays: 0, payments: [...a].reverse(), takenOn: TAKEN, today: '2026-12-01' });
    expect(second).toEqual(first);
  });

  it('refuses negative grace days and malformed dates with PromiseRuleError', () => {
    expect(() => evaluatePromise({ installments: THREE, graceDays: -1, payments: [], takenOn: TAKEN, today: TAKEN })).toThrow(PromiseRuleError);
    expect(() => evaluatePromise({ installments: THREE, graceDays: 3, payments: [pay('x', '2026-13-01', 1)], takenOn: TAKEN, today: TAKEN })).toThrow(PromiseRuleError);
  });
});

describe('promiseCheckInstant', () => {
  it('is the start of the debtor local day after the due date plus grace', () => {
    expect(promiseCheckInstant('2026-12-01', 3, 'America/New_York').toISOString()).toBe('2026-12-05T05:00:00.000Z');
    expect(promiseCheckInstant('2026-12-01', 0, 'America/Los_Angeles').toISOString()).toBe('2026-12-02T08:00:00.000Z');
  });

  it('lands on local midnight across the daylight-saving changes', () => {
    // Deadline Saturday 2026-03-07: the check is at the start of Sunday the 8th (a 23-hour day in New York).
    expect(promiseCheckInstant('2026-03-07', 0, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // The day after spring-forward starts on the new offset.
    expect(promiseCheckInstant('2026-03-08', 0, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Fall back: Sunday 2026-11-01 has 25 hours; Monday starts at 05:00Z.
    expect(promiseCheckInstant('2026-10-30', 2, 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // Chile's day without a midnight begins at 01:00.
    expect(promiseCheckInstant('2026-09-05', 0, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});
