import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { DEFAULT_SESSION_LENGTH_SECONDS, isSessionExpired, newestSession, sessionDataOf, sessionLengthFrom } from './session-rules.js';

const seconds = fc.integer({ min: 0, max: 4_000_000_000 });

describe('expiry rule', () => {
  it('a session is expired exactly when now is not before its end', () => {
    fc.assert(
      fc.property(seconds, seconds, (end, now) => {
        expect(isSessionExpired({ sessionEnd: end, sessionStart: null, sessionLength: null }, now)).toBe(!(now < end));
      }),
      propertyRuns(),
    );
  });
  it('without sessionEnd, the end is start plus length (default 3600)', () => {
    fc.assert(
      fc.property(seconds, fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }), seconds, (start, length, now) => {
        const end = start + (length ?? DEFAULT_SESSION_LENGTH_SECONDS);
        expect(isSessionExpired({ sessionEnd: null, sessionStart: start, sessionLength: length }, now)).toBe(now >= end);
      }),
      propertyRuns(),
    );
    expect(isSessionExpired({ sessionEnd: null, sessionStart: null, sessionLength: 60 }, 0)).toBe(true);
  });
  it('validation picks the newest session by start time', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ sessionStart: fc.option(seconds, { nil: null }), createdAt: fc.constant('2024-01-01T00:00:00.000Z') }), { minLength: 1 }), (sessions) => {
        const newest = newestSession(sessions);
        const max = Math.max(...sessions.map((s) => s.sessionStart ?? 0));
        expect(newest?.sessionStart ?? 0).toBe(max);
      }),
      propertyRuns(),
    );
  });
});

describe('sessionLength override', () => {
  const length = fc.integer({ min: 1, max: 10_000_000 });
  it('takes sessionLength from an object config', () => {
    fc.assert(fc.property(length, (n) => void expect(sessionLengthFrom(JSON.stringify({ theme: 'x', sessionLength: n }))).toBe(n)), propertyRuns());
  });
  it('takes sessionLength from the first element of an array config', () => {
    fc.assert(fc.property(length, length, (n, m) => void expect(sessionLengthFrom(JSON.stringify([{ sessionLength: n }, { sessionLength: m }]))).toBe(n)), propertyRuns());
  });
  it('accepts a numeric string, and falls back to 3600 for anything else', () => {
    expect(sessionLengthFrom('{"sessionLength":"7200"}')).toBe(7200);
    fc.assert(
      fc.property(fc.oneof(fc.constant(null), fc.constant('not json'), fc.constant('{}'), fc.constant('[]'), fc.constant('{"sessionLength":-5}'), fc.constant('{"sessionLength":1.5}'), fc.constant('[7200]')), (json) =>
        void expect(sessionLengthFrom(json)).toBe(DEFAULT_SESSION_LENGTH_SECONDS),
      ),
      propertyRuns(),
    );
  });
  it('uses the first config that has one (config record, then user config)', () => {
    expect(sessionLengthFrom(null, '{"sessionLength":60}', '{"sessionLength":90}')).toBe(60);
    expect(sessionLengthFrom('{"other":1}', null, '{"sessionLength":90}')).toBe(90);
  });
});

describe('sessionData', () => {
  const tokens = { accessToken: { payload: { exp: 100 }, toString: () => 'ACCESS' }, idToken: { payload: { exp: 200 }, toString: () => 'ID' } };
  it('holds a token-presence summary by default, never the tokens', () => {
    const data = sessionDataOf(tokens, false);
    expect(JSON.parse(data)).toEqual({ hasAccessToken: true, hasIdToken: true, accessTokenExpiresAt: 100, idTokenExpiresAt: 200 });
    expect(data).not.toContain('ACCESS');
  });
  it('holds the raw tokens only when opted in', () => {
    expect(JSON.parse(sessionDataOf(tokens, true))).toEqual({ accessToken: 'ACCESS', idToken: 'ID' });
  });
});
