import { describe, expect, it } from 'vitest';
import type { QueueFacts } from './work-queue.js';
import { compareQueueEntries, prioritizeQueue, queueTier } from './work-queue.js';

const NOW = new Date('2026-11-27T15:00:00Z');
const base: QueueFacts = {
  accountId: 'a',
  balanceCents: 10000,
  daysPastDue: 40,
  promiseDueDate: null,
  debtorToday: '2026-11-27',
  brokenPromiseAt: null,
  followUpAt: null,
  lastContactAt: null,
  callableNow: true,
};
const facts = (over: Partial<QueueFacts>): QueueFacts => ({ ...base, ...over });

describe('queueTier', () => {
  it('puts a promise due today or overdue first, then a broken promise, then a due follow-up', () => {
    expect(queueTier(facts({ promiseDueDate: '2026-11-27' }), NOW)).toEqual({ tier: 1, reason: 'promise_due' });
    expect(queueTier(facts({ promiseDueDate: '2026-11-20', brokenPromiseAt: NOW }), NOW)).toEqual({ tier: 1, reason: 'promise_due' });
    expect(queueTier(facts({ promiseDueDate: '2026-11-28', brokenPromiseAt: new Date('2026-11-01T00:00:00Z') }), NOW)).toEqual({ tier: 2, reason: 'broken_promise' });
    expect(queueTier(facts({ followUpAt: NOW }), NOW)).toEqual({ tier: 3, reason: 'follow_up_due' });
    expect(queueTier(facts({ followUpAt: new Date(NOW.getTime() + 1) }), NOW)).toEqual({ tier: 4, reason: 'past_due' });
  });

  it('reads promise due dates in the debtor local today', () => {
    // 2026-11-28 01:00 in London is still the 27th in Honolulu.
    expect(queueTier(facts({ promiseDueDate: '2026-11-28', debtorToday: '2026-11-27' }), NOW).tier).toBe(4);
    expect(queueTier(facts({ promiseDueDate: '2026-11-28', debtorToday: '2026-11-28' }), NOW).tier).toBe(1);
  });
});

describe('prioritizeQueue', () => {
  it('orders by tier, callable now, days past due, balance, oldest contact (never first) and account id', () => {
    const entries = [
      facts({ accountId: 'z-past-due' }),
      facts({ accountId: 'y-follow-up', followUpAt: NOW }),
      facts({ accountId: 'x-not-callable', callableNow: false, promiseDueDate: '2026-11-27' }),
      facts({ accountId: 'w-promise', promiseDueDate: '2026-11-27' }),
      facts({ accountId: 'v-broken', brokenPromiseAt: NOW }),
      facts({ accountId: 'u-older', daysPastDue: 200 }),
      facts({ accountId: 't-bigger', balanceCents: 99999 }),
      facts({ accountId: 's-contacted-long-ago', lastContactAt: new Date('2026-01-01T00:00:00Z') }),
      facts({ accountId: 'r-contacted-recently', lastContactAt: new Date('2026-11-26T00:00:00Z') }),
      facts({ accountId: 'q-twin' }),
    ];
    expect(prioritizeQueue(entries, NOW).map((e) => [e.accountId, e.tier, e.reason])).toEqual([
      ['w-promise', 1, 'promise_due'],
      ['x-not-callable', 1, 'promise_due'],
      ['v-broken', 2, 'broken_promise'],
      ['y-follow-up', 3, 'follow_up_due'],
      ['u-older', 4, 'past_due'],
      ['t-bigger', 4, 'past_due'],
      ['q-twin', 4, 'past_due'],
      ['z-past-due', 4, 'past_due'],
      ['s-contacted-long-ago', 4, 'past_due'],
      ['r-contacted-recently', 4, 'past_due'],
    ]);
  });

  it('keeps the caller fields and leaves the input untouched', () => {
    const entries = [{ ...facts({ accountId: 'b' }), label: 'B' }, { ...facts({ accountId: 'a' }), label: 'A' }];
    const sorted = prioritizeQueue(entries, NOW);
    expect(sorted.map((e) => e.label)).toEqual(['A', 'B']);
    expect(entries.map((e) => e.accountId)).toEqual(['b', 'a']);
    expect(compareQueueEntries(entries[0], entries[0], NOW)).toBe(0);
  });
});
