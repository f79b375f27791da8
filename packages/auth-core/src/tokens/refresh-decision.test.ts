import { describe, expect, it } from 'vitest';
import { shouldRefresh } from './refresh-decision.js';

const now = 1_700_000_000_000;
const inSeconds = (s: number) => now / 1000 + s;

describe('shouldRefresh', () => {
  it('keeps tokens that are valid for more than the tolerance', () => {
    expect(shouldRefresh({ idExp: inSeconds(60), accessExp: inSeconds(60), now, clockDrift: 0 })).toBe(false);
  });

  it('refreshes when the access token has expired', () => {
    expect(shouldRefresh({ idExp: inSeconds(60), accessExp: inSeconds(-1), now, clockDrift: 0 })).toBe(true);
  });

  it('refreshes when the id token expired, allowing for clock drift', () => {
    // Valid by our clock, expired by the server's, which runs 2 minutes ahead.
    expect(shouldRefresh({ idExp: inSeconds(60), accessExp: inSeconds(3600), now, clockDrift: 0 })).toBe(false);
    expect(shouldRefresh({ idExp: inSeconds(60), accessExp: inSeconds(3600), now, clockDrift: 120_000 })).toBe(true);
  });

  it('keeps a token our clock thinks expired when the server runs behind', () => {
    expect(shouldRefresh({ idExp: inSeconds(-30), accessExp: inSeconds(-30), now, clockDrift: -120_000 })).toBe(false);
  });

  it('refreshes within the 5 s tolerance before expiry', () => {
    expect(shouldRefresh({ idExp: undefined, accessExp: inSeconds(4), now, clockDrift: 0 })).toBe(true);
    expect(shouldRefresh({ idExp: undefined, accessExp: inSeconds(6), now, clockDrift: 0 })).toBe(false);
  });

  it('always refreshes when forced or when the access token has no exp', () => {
    expect(shouldRefresh({ idExp: inSeconds(600), accessExp: inSeconds(600), now, clockDrift: 0, forceRefresh: true })).toBe(true);
    expect(shouldRefresh({ idExp: inSeconds(600), accessExp: undefined, now, clockDrift: 0 })).toBe(true);
  });
});
