import { describe, expect, it } from 'vitest';
import { brokenPromiseMarker, promiseStandingChange } from './promise-standing.js';

const NOW = new Date('2026-12-22T15:00:00Z');
const EARLIER = new Date('2026-12-19T05:00:00Z');
const EARLIEST = new Date('2026-11-05T05:00:00Z');

describe('promiseStandingChange', () => {
  it('names a first break, a promise made whole and a promise kept', () => {
    expect(promiseStandingChange('active', 'broken')).toEqual({ broke: true, madeWhole: false, kept: false });
    expect(promiseStandingChange('broken', 'broken')).toEqual({ broke: false, madeWhole: false, kept: false });
    expect(promiseStandingChange('broken', 'active')).toEqual({ broke: false, madeWhole: true, kept: false });
    expect(promiseStandingChange('broken', 'kept')).toEqual({ broke: false, madeWhole: true, kept: true });
    expect(promiseStandingChange('active', 'kept')).toEqual({ broke: false, madeWhole: false, kept: true });
    expect(promiseStandingChange('kept', 'kept')).toEqual({ broke: false, madeWhole: false, kept: false });
  });
});

describe('brokenPromiseMarker', () => {
  it('is now when a promise broke, and unchanged when nothing broke or was made whole', () => {
    expect(brokenPromiseMarker(null, [{ stored: 'active', evaluated: 'broken', brokenAt: null }], NOW)).toBe(NOW);
    expect(brokenPromiseMarker(EARLIER, [{ stored: 'broken', evaluated: 'broken', brokenAt: EARLIER }], NOW)).toBe(EARLIER);
    expect(brokenPromiseMarker(null, [{ stored: 'broken', evaluated: 'broken', brokenAt: EARLIER }], NOW)).toBeNull();
  });

  it('clears when the broken promise is made whole, also beside an older break already answered', () => {
    expect(brokenPromiseMarker(EARLIER, [{ stored: 'broken', evaluated: 'active', brokenAt: EARLIER }], NOW)).toBeNull();
    const standings = [
      { stored: 'broken', evaluated: 'kept', brokenAt: EARLIER },
      { stored: 'broken', evaluated: 'broken', brokenAt: EARLIEST },
    ];
    expect(brokenPromiseMarker(EARLIER, standings, NOW)).toBeNull();
  });

  it('stays while another promise that broke later is still broken', () => {
    const standings = [
      { stored: 'broken', evaluated: 'active', brokenAt: EARLIEST },
      { stored: 'broken', evaluated: 'broken', brokenAt: EARLIER },
    ];
    expect(brokenPromiseMarker(EARLIER, standings, NOW)).toBe(EARLIER);
  });
});
