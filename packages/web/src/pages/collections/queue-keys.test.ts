import { describe, expect, it } from 'vitest';
import { callableAt, nextAccountIndex, queueKeyAction } from './queue-keys';

describe('the work queue keys', () => {
  it('moves down with ArrowDown and j, up with ArrowUp and k, and stops at the ends', () => {
    expect(queueKeyAction('ArrowDown', 0, 3)).toEqual({ kind: 'move', index: 1 });
    expect(queueKeyAction('j', 1, 3)).toEqual({ kind: 'move', index: 2 });
    expect(queueKeyAction('j', 2, 3)).toEqual({ kind: 'move', index: 2 });
    expect(queueKeyAction('ArrowUp', 2, 3)).toEqual({ kind: 'move', index: 1 });
    expect(queueKeyAction('k', 0, 3)).toEqual({ kind: 'move', index: 0 });
    expect(queueKeyAction('Home', 2, 3)).toEqual({ kind: 'move', index: 0 });
    expect(queueKeyAction('End', 0, 3)).toEqual({ kind: 'move', index: 2 });
  });

  it('opens the selected row with Enter and the next account with n', () => {
    expect(queueKeyAction('Enter', 1, 3)).toEqual({ kind: 'open', index: 1 });
    expect(queueKeyAction('n', 1, 3)).toEqual({ kind: 'next' });
    expect(queueKeyAction('n', 0, 0)).toEqual({ kind: 'next' });
  });

  it('leaves other keys, keys with Ctrl, Alt or Meta, and an empty list to the browser', () => {
    expect(queueKeyAction('x', 0, 3)).toBeNull();
    expect(queueKeyAction('j', 0, 3, { ctrlKey: true })).toBeNull();
    expect(queueKeyAction('n', 0, 3, { metaKey: true })).toBeNull();
    expect(queueKeyAction('ArrowDown', 0, 0)).toBeNull();
    expect(queueKeyAction('Enter', 0, 0)).toBeNull();
  });

  it('takes the first account callable now as the next one, else the top of the queue', () => {
    const now = new Date('2026-12-02T04:30:00Z');
    const later = { callableNow: false, nextCallableAt: '2026-12-02T15:00:00Z' };
    const come = { callableNow: false, nextCallableAt: '2026-12-02T04:00:00Z' };
    const never = { callableNow: false, nextCallableAt: null };
    expect(nextAccountIndex([later, { callableNow: true, nextCallableAt: null }], now)).toBe(1);
    expect(nextAccountIndex([later, come], now)).toBe(1);
    expect(nextAccountIndex([later, never], now)).toBe(0);
    expect(nextAccountIndex([], now)).toBe(-1);
    expect(callableAt(come, now)).toBe(true);
    expect(callableAt(never, now)).toBe(false);
  });
});
