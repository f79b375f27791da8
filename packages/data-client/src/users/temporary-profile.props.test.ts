import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { temporaryNames, temporaryProfile } from './temporary-profile.js';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z'-]{0,12}$/);

describe('temporary profile', () => {
  it('has id temp-<sub>, userType user, empty title and client number', () => {
    fc.assert(
      fc.property(fc.uuid(), (sub) => {
        const p = temporaryProfile(sub, { sub });
        expect(p).toMatchObject({ id: `temp-${sub}`, userId: sub, userType: 'user', title: '', clientNumber: '' });
      }),
      propertyRuns(),
    );
  });
  it('takes the given and family names first', () => {
    fc.assert(fc.property(word, word, fc.string(), (g, f, name) => void expect(temporaryNames({ given_name: g, family_name: f, name })).toEqual({ firstName: g, lastName: f })), propertyRuns());
  });
  it('else splits the name on spaces', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.string(), (parts, preferred) => {
        expect(temporaryNames({ name: parts.join('  '), preferred_username: preferred })).toEqual({ firstName: parts[0], lastName: parts.slice(1).join(' ') });
      }),
      propertyRuns(),
    );
  });
  it('else splits the preferred username on a dot', () => {
    fc.assert(fc.property(word, word, (a, b) => void expect(temporaryNames({ preferred_username: `${a}.${b}` })).toEqual({ firstName: a, lastName: b })), propertyRuns());
    expect(temporaryNames({ preferred_username: 'solo' })).toEqual({ firstName: 'solo', lastName: '' });
  });
  it("else calls the user 'User'", () => {
    fc.assert(fc.property(fc.constantFrom(undefined, '', '   '), (blank) => void expect(temporaryNames({ name: blank, given_name: blank, preferred_username: blank })).toEqual({ firstName: 'User', lastName: '' })), propertyRuns());
  });
});
