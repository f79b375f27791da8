// The account's broken-promise marker against a re-statement of the rule written apart from the
// module: a break sets it to now; otherwise, a promise made whole clears it unless another promise still
// broken broke after every promise made whole; otherwise it is left as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { brokenPromiseMarker, type PromiseStanding } from './promise-standing.js';

const NOW = new Date('2026-12-22T15:00:00Z');
const STATUSES = ['active', 'kept', 'broken', 'cancelled'] as const;
const instantArb = fc.option(fc.integer({ min: 0, max: 40 }).map((d) => new Date(Date.UTC(2026, 10, 1) + d * 86_400_000)));
const standingArb: fc.Arbitrary<PromiseStanding> = fc.record({ stored: fc.constantFrom(...STATUSES), evaluated: fc.constantFrom(...STATUSES), brokenAt: instantArb });

function oracle(current: Date | null, standings: readonly PromiseStanding[]): Date | null {
  let broke = false;
  let mendedLatest: number | null = null;
  for (const s of standings) {
    if (s.evaluated === 'broken' && s.stored !== 'broken') broke = true;
    if (s.stored === 'broken' && (s.evaluated === 'active' || s.evaluated === 'kept')) {
      const t = s.brokenAt === null ? -Infinity : s.brokenAt.getTime();
      mendedLatest = mendedLatest === null ? t : Math.max(mendedLatest, t);
    }
  }
  if (broke) return NOW;
  if (mendedLatest === null) return current;
  for (const s of standings) {
    if (s.stored === 'broken' && s.evaluated === 'broken' && (s.brokenAt === null ? -Infinity : s.brokenAt.getTime()) > mendedLatest) return current;
  }
  return null;
}

describe('brokenPromiseMarker (property)', () => {
  it('agrees with the rule restated for any mix of promises', () => {
    fc.assert(
      fc.property(instantArb, fc.array(standingArb, { maxLength: 5 }), (current, standings) => {
        expect(brokenPromiseMarker(current, standings, NOW)).toEqual(oracle(current, standings));
      }),
      propertyRuns(500),
    );
  });

  it('never invents a time: the marker is now, what it was, or cleared', () => {
    fc.assert(
      fc.property(instantArb, fc.array(standingArb, { maxLength: 5 }), (current, standings) => {
        const marker = brokenPromiseMarker(current, standings, NOW);
        expect([NOW.getTime(), current?.getTime() ?? null, null]).toContain(marker?.getTime() ?? null);
      }),
      propertyRuns(300),
    );
  });
});
