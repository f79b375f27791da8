// The small pieces every managed-login endpoint relies on: reading OAuth parameters (RFC 6749 §3.1),
// adding parameters to a registered redirect URI without changing it, and the discovery document
// when managed login is off.
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database.js';
import { openIdConfiguration } from '../discovery/openid-configuration.js';
import { readParameters } from './parameters.js';
import { errorRedirect, withParameters } from './redirect.js';

describe('readParameters', () => {
  const limits = { code: 10, state: 5 } as const;

  it('treats empty values as absent and ignores parameters it was not asked for', () => {
    expect(readParameters({ code: '', state: 'abc', other: ['x', 'y'] }, limits)).toEqual({ values: { state: 'abc' }, problem: undefined });
    expect(readParameters(undefined, limits)).toEqual({ values: {}, problem: undefined });
  });

  it('refuses repeated, unstorable and oversize values', () => {
    expect(readParameters({ code: ['a', 'b'] }, limits).problem).toEqual({ name: 'code', reason: 'repeated' });
    expect(readParameters({ code: ['a', ''] }, limits)).toEqual({ values: { code: 'a' }, problem: undefined });
    expect(readParameters({ code: 'a\u0000' }, limits).problem).toEqual({ name: 'code', reason: 'unusable' });
    expect(readParameters({ code: '\ud800' }, limits).problem).toEqual({ name: 'code', reason: 'unusable' });
    expect(readParameters({ code: { nested: true } }, limits).problem).toEqual({ name: 'code', reason: 'unusable' });
    expect(readParameters({ state: '123456' }, limits).problem).toEqual({ name: 'state', reason: 'too long' });
  });
});

describe('withParameters', () => {
  it('adds to the query of the registered URI as it is, and drops undefined values', () => {
    expect(withParameters('https://app.example.com/cb', { code: 'c', state: undefined })).toBe('https://app.example.com/cb?code=c');
    expect(withParameters('https://app.example.com/cb?tenant=1', { code: 'c d' })).toBe('https://app.example.com/cb?tenant=1&code=c+d');
    expect(withParameters('myapp://cb', { code: 'c' })).toBe('myapp://cb?code=c');
    expect(errorRedirect('https://app.example.com/cb', 'invalid_scope', 'No & good', 's=1')).toBe('https://app.example.com/cb?error=invalid_scope&error_description=No+%26+good&state=s%3D1');
  });

  it('puts implicit tokens in the fragment', () => {
    expect(withParameters('https://app.example.com/cb', { access_token: 'a', state: 's' }, 'fragment')).toBe('https://app.example.com/cb#access_token=a&state=s');
  });
});

describe('openIdConfiguration', () => {
  const noResourceServers: Queryable = { query: async <T>() => [] as T[] };

  it('lists no OAuth endpoint when managed login is off', async () => {
    const document = await openIdConfiguration(noResourceServers, 'us-east-1_x', { issuer: 'https://issuer/us-east-1_x', jwksUri: 'https://main/us-east-1_x/.well-known/jwks.json', managedLoginUrl: undefined });
    expect(document).toEqual({
      issuer: 'https://issuer/us-east-1_x',
      jwks_uri: 'https://main/us-east-1_x/.well-known/jwks.json',
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: expect.arrayContaining(['sub', 'nonce', 'email']) as unknown,
      response_types_supported: [],
    });
  });
});
