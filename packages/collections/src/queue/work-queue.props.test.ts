// The queue order against an oracle that sorts by a tuple key: (tier, not callable, -days past due,
// -balance, last contact time with never as -infinity, account id), the tier worked out from the
// documented rules by a chain of its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import type { QueueFacts } from './work-queue.js';
import { prioritizeQueue } from './work-queue.js';

const NOW = Date.UTC(2026, 10, 27, 15);
const DAY = 86_400_000;
const near = (days: number): string => new Date(Date.UTC(2026, 10, 27) + days * DAY).toISOString().slice(0, 10);

const instantArb = fc.option(fc.integer({ min: NOW - 30 * DAY, max: NOW + 5 * DAY }).map((t) => new Date(t)));
const factsArb = fc.record({
  balanceCents: fc.integer({ min: 0, max: 5 }).map((x) => x * 1000),
  daysPastDue: fc.integer({ min: 0, max: 4 }).map((x) => x * 30),
  promiseDueDate: fc.option(fc.integer({ min: -3, max: 3 }).map(near)),
  debtorToday: fc.integer({ min: -1, max: 1 }).map(near),
  brokenPromiseAt: instantArb,
  followUpAt: instantArb,
  lastContactAt: fc.option(fc.integer({ min: 0, max: 3 }).map((x) => new Date(NOW - x * DAY))),
  callableNow: fc.boolean(),
});

function oracleTier(f: QueueFacts): number {
  let tier = 4;
  if (f.followUpAt !== null && f.followUpAt.getTime() <= NOW) tier = 3;
  if (f.brokenPromiseAt !== null) tier = 2;
  if (f.promiseDueDate !== null && Date.parse(f.promiseDueDate) <= Date.parse(f.debtorToday)) tier = 1;
  return tier;
}

function key(f: QueueFacts): (number | string)[] {
  return [oracleTier(f), f.callableNow ? 0 : 1, -f.daysPastDue, -f.balanceCents, f.lastContactAt === null ? Number.NEGATIVE_INFINITY : f.lastContactAt.getTime(), f.accountId];
}

function compareKeys(a: (number | string)[], b: (number | string)[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return 0;
}

describe('work queue (property)', () => {
  it('orders any set of accounts as sorting by the documented tuple key does', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), factsArb), { selector: ([id]) => id, maxLength: 30 }), (rows) => {
        const entries: QueueFacts[] = rows.map(([accountId, f]) => ({ accountId, ...f }));
        const expected = [...entries].sort((a, b) => compareKeys(key(a), key(b))).map((e) => [e.accountId, oracleTier(e)]);
        expect(prioritizeQueue(entries, new Date(NOW)).map((e) => [e.accountId, e.tier])).toEqual(expected);
      }),
      propertyRuns(300),
    );
  });

  it('does not depend on the order the accounts arrive in', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), factsArb), { selector: ([id]) => id, maxLength: 20 }).chain((rows) => fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }))),
        ([rows, shuffled]) => {
          const ids = (list: typeof rows): string[] => prioritizeQueue(list.map(([accountId, f]) => ({ accountId, ...f })), new Date(NOW)).map((e) => e.accountId);
          expect(ids(shuffled)).toEqual(ids(rows));
        },
      ),
      propertyRuns(200),
    );
  });
});
