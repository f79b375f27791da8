// The lockout's one SQL statement applies exactly the schedule of lockout-policy.ts (countAttempt),
// on a real database, for arbitrary sequences of attempts and waits.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { loadConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { ManualClock } from '../time/clock.js';
import { Lockout } from './lockout.js';
import { countAttempt, type FailureCounter, type LockoutPolicy } from './lockout-policy.js';

describe('Lockout on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }));
    await migrate(db);
  });
  afterAll(async () => db.close());

  it('counts and refuses exactly as countAttempt says, for any sequence of attempts and waits', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ free: fc.integer({ min: 1, max: 4 }), initial: fc.integer({ min: 1, max: 5 }), max: fc.integer({ min: 1, max: 40 }), reset: fc.integer({ min: 1, max: 60 }) }),
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 25 }),
        async (p, waits) => {
          const policy: LockoutPolicy = { freeAttempts: p.free, initialSeconds: p.initial, maxSeconds: p.max, resetSeconds: p.reset };
          const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
          const lockout = new Lockout(db, clock, policy, 'pepper');
          const key = `password:prop-${run++}`;
          let model: FailureCounter | undefined;
          for (const wait of waits) {
            clock.advance(wait);
            const expected = countAttempt(policy, model, clock.now());
            const claim = await lockout.claimAttempt(key);
            if (expected === 'locked') {
              expect(claim).toEqual({ locked: true });
            } else {
              expect(claim).toEqual({ locked: false, failures: expected.failures });
              model = expected;
            }
          }
        },
      ),
      propertyRuns(40),
    );
  });

  it('forgets a counter when cleared', async () => {
    const lockout = new Lockout(db, new ManualClock(), { freeAttempts: 1, initialSeconds: 60, maxSeconds: 60, resetSeconds: 60 }, 'pepper');
    expect(await lockout.claimAttempt('mfa:cleared')).toEqual({ locked: false, failures: 1 });
    expect(await lockout.claimAttempt('mfa:cleared')).toEqual({ locked: true });
    await lockout.clear(['mfa:cleared']);
    expect(await lockout.claimAttempt('mfa:cleared')).toEqual({ locked: false, failures: 1 });
  });
});
