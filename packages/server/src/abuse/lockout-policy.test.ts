import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countAttempt, lockoutSeconds, type FailureCounter, type LockoutPolicy } from './lockout-policy.js';

const COGNITO: LockoutPolicy = { freeAttempts: 5, initialSeconds: 1, maxSeconds: 900, resetSeconds: 900 };

describe('lockoutSeconds', () => {
  it('allows five failures, then locks for 1 s doubling per failure up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => lockoutSeconds(COGNITO, n))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 14, 15, 16, 1000].map((n) => lockoutSeconds(COGNITO, n))).toEqual([1, 2, 4, 8, 16, 32, 512, 900, 900, 900]);
  });

  it('never locks when lockouts are off', () => {
    expect(lockoutSeconds({ ...COGNITO, freeAttempts: 0 }, 10_000)).toBe(0);
  });
});

describe('countAttempt', () => {
  const at = (s: number): Date => new Date(1_700_000_000_000 + s * 1000);

  it('refuses an attempt while locked without changing the counter, and counts the next one once the lockout passed', () => {
    let counter: FailureCounter | undefined;
    for (let i = 0; i < 5; i++) {
      const next = countAttempt(COGNITO, counter, at(0));
      if (next === 'locked') throw new Error('locked too early');
      counter = next;
    }
    expect(counter?.failures).toBe(5);
    expect(countAttempt(COGNITO, counter, at(0.5))).toBe('locked');
    const sixth = countAttempt(COGNITO, counter, at(1));
    expect(sixth).toMatchObject({ failures: 6, lockedUntil: at(3) });
  });

  it('starts over after the reset time without attempts', () => {
    const counter: FailureCounter = { failures: 9, lockedUntil: at(16), expiresAt: at(916) };
    expect(countAttempt(COGNITO, counter, at(916))).toMatchObject({ failures: 1 });
  });

  it('keeps locks monotonic: the lock after n failures is never shorter than after n-1, and never past the ceiling', () => {
    fc.assert(
      fc.property(fc.record({ free: fc.integer({ min: 1, max: 20 }), initial: fc.integer({ min: 1, max: 100 }), max: fc.integer({ min: 1, max: 100_000 }) }), fc.integer({ min: 1, max: 200 }), (p, n) => {
        const policy = { freeAttempts: p.free, initialSeconds: p.initial, maxSeconds: p.max, resetSeconds: 900 };
        expect(lockoutSeconds(policy, n + 1)).toBeGreaterThanOrEqual(lockoutSeconds(policy, n));
        expect(lockoutSeconds(policy, n)).toBeLessThanOrEqual(p.max);
      }),
    );
  });
});
