import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../errors/catalogue.js';
import { array, enumeration, integer, object, optional, parseInput, string, stringMap, type Schema } from './input-schema.js';

const schema = object({
  ClientId: string({ min: 1, max: 10 }),
  Limit: optional(integer(0, 60)),
  Kind: optional(enumeration(['A', 'B'] as const)),
  Tags: optional(array(string({ max: 3 }), { max: 2 })),
  Meta: optional(stringMap({ maxEntries: 2 })),
});

describe('input schemas', () => {
  it('returns the typed value and drops unknown members', () => {
    expect(parseInput(schema, { ClientId: 'abc', Limit: 3, Kind: 'B', Extra: true })).toEqual({ ClientId: 'abc', Limit: 3, Kind: 'B' });
  });

  it('words problems like Cognito and counts them', () => {
    expect(() => parseInput(schema, {})).toThrow("1 validation error detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null");
    expect(() => parseInput(schema, { ClientId: 'x'.repeat(11), Limit: 99, Kind: 'C' })).toThrow(/^3 validation errors detected: /);
    expect(() => parseInput(schema, { ClientId: 'a', Tags: ['toolong'] })).toThrow("Value at 'tags.1.member' failed to satisfy constraint: Member must have length less than or equal to 3");
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parseInput(schema, { ClientId: '😀'.repeat(10) }).ClientId).toHaveLength(20);
  });

  it('throws only InvalidParameterException for any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          parseInput(schema, value);
        } catch (error) {
          expect(isServiceError(error, 'InvalidParameterException')).toBe(true);
        }
      }),
    );
  });

  it('refuses NUL and unpaired surrogates in any string, map key or nested document, and keeps paired ones', () => {
    const free: Schema<Record<string, unknown>> = { check: (value) => value as Record<string, unknown> };
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800']) {
      expect(() => parseInput(schema, { ClientId: bad })).toThrow("Value at 'clientId' failed to satisfy constraint: Member must not contain NUL characters or unpaired surrogates");
      expect(() => parseInput(schema, { ClientId: 'a', Meta: { k: bad } })).toThrow("at 'meta.k' failed");
      expect(() => parseInput(schema, { ClientId: 'a', Meta: { [bad]: 'v' } })).toThrow("at 'meta' failed to satisfy constraint: Map keys must not contain");
      expect(() => parseInput(object({ Doc: free }), { Doc: { deep: [{ deeper: bad }] } })).toThrow("at 'doc.deep.1.member.deeper' failed");
    }
    expect(parseInput(schema, { ClientId: '😀\t\u0001', Meta: { '😀': '😀\n' } }).Meta).toEqual({ '😀': '😀\n' });
  });

  it('ignores inherited keys such as __proto__ tricks', () => {
    const hostile = JSON.parse('{"__proto__": {"ClientId": "x"}, "Meta": {"__proto__": "y"}}') as unknown;
    expect(() => parseInput(schema, hostile)).toThrow(/clientId/);
  });
});
