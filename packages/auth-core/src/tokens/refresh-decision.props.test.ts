import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { shouldRefresh } from './refresh-decision.js';

const expiry = fc.option(fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), { nil: undefined });
const time = fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 });
const drift = fc.integer({ min: -86_400_000, max: 86_400_000 });
const later = fc.integer({ min: 0, max: 86_400_000 });

describe('the refresh decision', () => {
  it('is monotonic in time and drift: once a refresh is due, it stays due as either grows', () => {
    fc.assert(
      fc.property(expiry, expiry, time, drift, later, later, fc.boolean(), (idExp, accessExp, now, clockDrift, dt, dd, forceRefresh) => {
        const before = shouldRefresh({ idExp, accessExp, now, clockDrift, forceRefresh });
        const after = shouldRefresh({ idExp, accessExp, now: now + dt, clockDrift: clockDrift + dd, forceRefresh });
        if (before) expect(after).toBe(true);
      }),
      propertyRuns(2000),
    );
  });

  it('depends on time and drift only through their sum (the server clock)', () => {
    fc.assert(
      fc.property(expiry, expiry, time, drift, drift, (idExp, accessExp, now, clockDrift, shift) => {
        expect(shouldRefresh({ idExp, accessExp, now, clockDrift })).toBe(
          shouldRefresh({ idExp, accessExp, now: now + shift, clockDrift: clockDrift - shift }),
        );
      }),
      propertyRuns(),
    );
  });

  it('never refreshes tokens valid for more than the tolerance by the server clock, unless forced', () => {
    fc.assert(
      fc.property(time, drift, fc.integer({ min: 6, max: 86_400 }), fc.integer({ min: 6, max: 86_400 }), (now, clockDrift, idLeft, accessLeft) => {
        const serverSeconds = Math.ceil((now + clockDrift) / 1000);
        const input = { idExp: serverSeconds + idLeft, accessExp: serverSeconds + accessLeft, now, clockDrift };
        expect(shouldRefresh(input)).toBe(false);
        expect(shouldRefresh({ ...input, forceRefresh: true })).toBe(true);
      }),
      propertyRuns(),
    );
  });
});
