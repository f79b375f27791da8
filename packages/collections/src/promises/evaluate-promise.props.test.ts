// Promise keeping against a day-by-day simulation written apart from the module: walk the calendar
// from the day the promise was taken to today; each day, apply that day's payments (by id) to the
// earliest installments still owed, and note what each installment had received at the end of the
// schedule's last keep day. The promise is broken today when some installment whose last keep day has
// passed had not received its amount by today — or, after the schedule's end, by its last keep day —
// and broken since the day after the earliest such installment's last keep day. States are read off.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { evaluatePromise, promiseCheckInstant } from './evaluate-promise.js';
import type { EvaluatedInstallment, PromiseEvaluation, PromisePayment, ScheduledInstallment } from './promise-types.js';

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 10, 1) / DAY;
const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY;

interface Scenario {
  readonly installments: ScheduledInstallment[];
  readonly graceDays: number;
  readonly payments: PromisePayment[];
  readonly takenOn: string;
  readonly today: string;
  readonly cancelled: boolean;
}

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    gaps: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 6 }),
    firstOffset: fc.integer({ min: 0, max: 10 }),
    amounts: fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 6, maxLength: 6 }),
    graceDays: fc.integer({ min: 0, max: 5 }),
    payments: fc.array(fc.record({ offset: fc.integer({ min: -5, max: 140 }), amount: fc.oneof(fc.integer({ min: 1, max: 8000 }), fc.integer({ min: -100, max: 0 })) }), { maxLength: 8 }),
    todayOffset: fc.integer({ min: -2, max: 150 }),
    cancelled: fc.boolean(),
  })
  .map((r) => {
    let day = BASE + r.firstOffset;
    const installments = r.gaps.map((gap, i) => {
      if (i > 0) day += gap;
      return { seq: i + 1, dueDate: dateOf(day), amountCents: r.amounts[i] };
    });
    return {
      installments,
      graceDays: r.graceDays,
      payments: r.payments.map((p, i) => ({ id: `p${String(i).padStart(2, '0')}`, localDate: dateOf(BASE + p.offset), amountCents: p.amount })),
      takenOn: dateOf(BASE),
      today: dateOf(BASE + r.todayOffset),
      cancelled: r.cancelled,
    };
  });

function simulate(s: Scenario): PromiseEvaluation {
  const owed = s.installments.map((i) => i.amountCents);
  const paid = s.installments.map(() => 0);
  const lastKeeps = s.installments.map((installment) => dayOf(installment.dueDate) + s.graceDays);
  const scheduleEnd = Math.max(...lastKeeps);
  let paidAtEnd: number[] | null = null;
  let applied = 0;
  let unapplied = 0;
  for (let day = dayOf(s.takenOn); day <= dayOf(s.today); day++) {
    const todays = s.payments.filter((p) => dayOf(p.localDate) === day && p.amountCents > 0).sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const payment of todays) {
      let left = payment.amountCents;
      for (let i = 0; i < owed.length && left > 0; i++) {
        const take = Math.min(left, owed[i] - paid[i]);
        paid[i] += take;
        left -= take;
        applied += take;
      }
      unapplied += left;
    }
    if (day === scheduleEnd) paidAtEnd = [...paid];
  }
  const todayDay = dayOf(s.today);
  const mending = todayDay > scheduleEnd ? (paidAtEnd ?? paid) : paid;
  const arrears = s.cancelled ? [] : lastKeeps.filter((lastKeep, i) => lastKeep < todayDay && mending[i] < owed[i]);
  const brokenOn = arrears.length === 0 ? null : dateOf(Math.min(...arrears) + 1);
  const installments: EvaluatedInstallment[] = s.installments.map((installment, i) => {
    const lastKeep = lastKeeps[i];
    const state =
      paid[i] === owed[i] ? 'kept' : s.cancelled ? 'cancelled' : paid[i] > 0 ? 'partially_kept' : todayDay > lastKeep ? 'broken' : 'pending';
    return { ...installment, paidCents: paid[i], state, lastKeepDate: dateOf(lastKeep) };
  });
  const unkept = installments.find((i) => i.state !== 'kept');
  return {
    installments,
    status: s.cancelled ? 'cancelled' : brokenOn !== null ? 'broken' : unkept === undefined ? 'kept' : 'active',
    nextDueDate: s.cancelled || unkept === undefined ? null : unkept.dueDate,
    brokenOn,
    appliedCents: applied,
    unappliedCents: unapplied,
  };
}

const lastKeepOf = (s: Scenario): number => Math.max(...s.installments.map((i) => dayOf(i.dueDate) + s.graceDays));

describe('evaluatePromise (property)', () => {
  it('agrees with the day-by-day simulation on every installment, the status and the amounts', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        expect(evaluatePromise(s)).toEqual(simulate(s));
      }),
      propertyRuns(1000),
    );
  });

  it('never applies more than was paid nor more than was promised, and loses no cent', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const result = evaluatePromise(s);
        const counted = s.payments.filter((p) => p.amountCents > 0 && p.localDate >= s.takenOn && p.localDate <= s.today).reduce((sum, p) => sum + p.amountCents, 0);
        expect(result.appliedCents + result.unappliedCents).toBe(counted);
        expect(result.installments.reduce((sum, i) => sum + i.paidCents, 0)).toBe(result.appliedCents);
        for (const installment of result.installments) expect(installment.paidCents).toBeLessThanOrEqual(installment.amountCents);
      }),
      propertyRuns(500),
    );
  });

  it('does not depend on the order the payments are listed in', () => {
    fc.assert(
      fc.property(scenarioArb.chain((s) => fc.tuple(fc.constant(s), fc.shuffledSubarray(s.payments, { minLength: s.payments.length, maxLength: s.payments.length }))), ([s, shuffled]) => {
        expect(evaluatePromise({ ...s, payments: shuffled })).toEqual(evaluatePromise(s));
      }),
      propertyRuns(300),
    );
  });

  it('is never broken by a further payment: paying only ever mends', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: -5, max: 140 }), fc.integer({ min: 1, max: 8000 }), (s, offset, amount) => {
        const before = evaluatePromise({ ...s, cancelled: false });
        const after = evaluatePromise({ ...s, cancelled: false, payments: [...s.payments, { id: 'extra', localDate: dateOf(BASE + offset), amountCents: amount }] });
        if (before.status !== 'broken') expect(after.status).not.toBe('broken');
      }),
      propertyRuns(300),
    );
  });

  it('is made whole by a payment of its arrears dated within the schedule, and by nothing dated after it', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 30 }), (s, slack) => {
        const plain = { ...s, cancelled: false };
        const now = evaluatePromise(plain);
        if (now.status !== 'broken') return;
        const end = lastKeepOf(s);
        const today = dayOf(s.today);
        // What every installment due by today still lacks, paid today (or on the schedule's last keep day, if today is later).
        const arrears = now.installments.filter((i) => dayOf(i.lastKeepDate) < today).reduce((sum, i) => sum + i.amountCents - i.paidCents, 0);
        if (today <= end) {
          const mended = evaluatePromise({ ...plain, payments: [...s.payments, { id: 'zz-catch-up', localDate: s.today, amountCents: arrears + slack }] });
          expect(mended.status).not.toBe('broken');
          expect(mended.brokenOn).toBeNull();
        } else {
          const late = evaluatePromise({ ...plain, payments: [...s.payments, { id: 'zz-late', localDate: dateOf(end + 1), amountCents: 1_000_000 }] });
          expect(late.status).toBe('broken');
        }
      }),
      propertyRuns(300),
    );
  });

  it('stays as it is once the schedule is over: later days and later payments change no status', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 8000 }), (s, later, amount) => {
        const end = lastKeepOf(s);
        const today = Math.max(dayOf(s.today), end + 1);
        const over = { ...s, cancelled: false, today: dateOf(today) };
        const now = evaluatePromise(over);
        const after = evaluatePromise({ ...over, today: dateOf(today + later), payments: [...s.payments, { id: 'zz-after', localDate: dateOf(today + later), amountCents: amount }] });
        expect(after.status === 'broken').toBe(now.status === 'broken');
        expect(after.brokenOn).toBe(now.brokenOn);
      }),
      propertyRuns(300),
    );
  });
});

describe('promiseCheckInstant (property)', () => {
  const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Santiago'];
  const oracle = new Map<string, Intl.DateTimeFormat>();
  const localDate = (t: number, zone: string): string => {
    let format = oracle.get(zone);
    if (format === undefined) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      oracle.set(zone, format);
    }
    return format.format(t);
  };

  it('is the first instant at which the debtor local date is past due date plus grace', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2025, 0, 1) / DAY, max: Date.UTC(2028, 11, 31) / DAY }), fc.integer({ min: 0, max: 10 }), fc.constantFrom(...ZONES), (day, grace, zone) => {
        const check = promiseCheckInstant(dateOf(day), grace, zone).getTime();
        const lastKeep = dateOf(day + grace);
        expect(localDate(check, zone) > lastKeep).toBe(true);
        expect(localDate(check - 1, zone)).toBe(lastKeep);
        // At that instant the rules count an unpaid installment broken; a millisecond before they do not.
        const installments = [{ seq: 1, dueDate: dateOf(day), amountCents: 100 }];
        const at = (t: number): string => evaluatePromise({ installments, graceDays: grace, payments: [], takenOn: dateOf(day - 1), today: localDate(t, zone) }).status;
        expect(at(check)).toBe('broken');
        expect(at(check - 1)).toBe('active');
      }),
      propertyRuns(300),
    );
  });
});
