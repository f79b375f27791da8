import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { compactTimestamp, newSessionId } from './session-id.js';

const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });

describe('session ids', () => {
  it('default format: last 10 alphanumerics of the user id, underscore, timestamp without separators', () => {
    fc.assert(
      fc.property(fc.string(), date, (userId, now) => {
        const id = newSessionId(userId, now);
        const alnum = userId.replace(/[^0-9A-Za-z]/g, '');
        expect(id).toBe(`${alnum.slice(-10)}_${compactTimestamp(now)}`);
        expect(id).toMatch(/^[0-9A-Za-z]{0,10}_\d{8}T\d{9}Z$/);
      }),
      propertyRuns(),
    );
  });

  it('compact timestamp is the ISO time with its separators removed', () => {
    expect(compactTimestamp(new Date('2024-05-01T12:34:56.789Z'))).toBe('20240501T123456789Z');
    expect(newSessionId('8a4b-1c2d-3e4f-5a6b-7c8d9e0f1a2b', new Date('2024-05-01T12:34:56.789Z'))).toBe('7c8d9e0f1a2b'.slice(-10) + '_20240501T123456789Z');
  });

  it('random format: session_, the epoch milliseconds, and a random number below 10000', () => {
    fc.assert(
      fc.property(fc.string(), date, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (userId, now, r) => {
        const id = newSessionId(userId, now, 'sessionRandom', () => r);
        const m = /^session_(\d+)_(\d+)$/.exec(id);
        expect(m).not.toBeNull();
        expect(Number(m?.[1])).toBe(now.getTime());
        expect(Number(m?.[2])).toBeLessThan(10000);
      }),
      propertyRuns(),
    );
  });
});
