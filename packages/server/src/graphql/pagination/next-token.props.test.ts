import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/properties.js';
import { DataApiError } from '../errors/data-api-errors.js';
import { createNextTokenCodec, filterDigest, type PageBinding } from './next-token.js';

const now = new Date('2026-01-01T00:00:00Z');
const codec = createNextTokenCodec('secret-one', () => now);
const binding = fc.record({ scope: fc.string({ minLength: 1 }), filter: fc.string(), caller: fc.string({ minLength: 1 }) });

const rejects = (fn: () => unknown): boolean => {
  try {
    fn();
    return false;
  } catch (error) {
    return error instanceof DataApiError && error.errorType === 'InvalidNextTokenException';
  }
};

describe('nextToken codec', () => {
  it('round-trips the cursor for the binding it was issued for', () => {
    fc.assert(
      fc.property(binding, fc.string(), (b: PageBinding, lastId) => {
        expect(codec.open(codec.issue(b, lastId), b)).toBe(lastId);
      }),
      propertyRuns(),
    );
  });

  it('rejects any single-character change of a token', () => {
    // Threat: editing the cursor (or its binding) to page into rows of another query or user.
    fc.assert(
      fc.property(binding, fc.string(), fc.nat(), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'), (b, lastId, at, ch) => {
        const token = codec.issue(b, lastId);
        const i = at % token.length;
        fc.pre(token[i] !== ch);
        const tampered = token.slice(0, i) + ch + token.slice(i + 1);
        expect(rejects(() => codec.open(tampered, b))).toBe(true);
      }),
      propertyRuns(),
    );
  });

  it('rejects a token presented for another scope, filter or caller', () => {
    fc.assert(
      fc.property(binding, binding, fc.string(), (a, b, lastId) => {
        fc.pre(a.scope !== b.scope || a.filter !== b.filter || a.caller !== b.caller);
        expect(rejects(() => codec.open(codec.issue(a, lastId), b))).toBe(true);
      }),
      propertyRuns(),
    );
  });

  it('rejects tokens signed with another secret and arbitrary strings', () => {
    const other = createNextTokenCodec('secret-two', () => now);
    fc.assert(
      fc.property(binding, fc.string(), fc.string(), (b, lastId, junk) => {
        expect(rejects(() => codec.open(other.issue(b, lastId), b))).toBe(true);
        expect(rejects(() => codec.open(junk, b))).toBe(true);
      }),
      propertyRuns(),
    );
  });

  it('rejects a token older than its time to live', () => {
    let t = now;
    const aging = createNextTokenCodec('s', () => t, 60);
    const b = { scope: 'listX', filter: filterDigest(null), caller: 'u' };
    const token = aging.issue(b, 'k');
    t = new Date(now.getTime() + 61_000);
    expect(() => aging.open(token, b)).toThrow('expired');
  });

  it('digests equal filters equally whatever the key order, and different filters differently', () => {
    expect(filterDigest({ a: { eq: 1 }, b: { ne: 2 } })).toBe(filterDigest({ b: { ne: 2 }, a: { eq: 1 } }));
    expect(filterDigest({ a: { eq: 1 } })).not.toBe(filterDigest({ a: { eq: 2 } }));
    expect(filterDigest(undefined)).toBe(filterDigest(null));
  });
});
