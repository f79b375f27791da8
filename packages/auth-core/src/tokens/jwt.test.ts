import { describe, expect, it } from 'vitest';

import { decodeJWT, decodeJwtToken, tryDecodeJwtToken } from './jwt.js';

const b64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const jwt = (payload: string): string => `${b64url('{"alg":"RS256"}')}.${b64url(payload)}.c2ln`;

describe('decodeJwtToken', () => {
  it('reads the claims of a compact JWS, including non-ASCII and URL-safe base64 characters, and gives the token back from toString', () => {
    const token = jwt('{"sub":"u-1","exp":1700000000,"name":"Zoë ~~>?"}');
    const decoded = decodeJwtToken(token);
    expect(decoded.payload).toEqual({ sub: 'u-1', exp: 1700000000, name: 'Zoë ~~>?' });
    expect(decoded.toString()).toBe(token);
  });

  it('rejects text that is not a three-part compact JWS with a JSON object payload', () => {
    expect(() => decodeJwtToken('a.b')).toThrow(TypeError);
    expect(() => decodeJwtToken('a..c')).toThrow(TypeError);
    expect(() => decodeJwtToken(`${jwt('{}')}.d.e`)).toThrow(TypeError);
    expect(() => decodeJwtToken(jwt('[1,2]'))).toThrow(TypeError);
    expect(() => decodeJwtToken(jwt('not json'))).toThrow(TypeError);
    expect(() => decodeJwtToken('a.!!!.c')).toThrow(TypeError);
  });

  it('tryDecodeJwtToken turns missing or malformed tokens into undefined', () => {
    expect(tryDecodeJwtToken(null)).toBeUndefined();
    expect(tryDecodeJwtToken('')).toBeUndefined();
    expect(tryDecodeJwtToken('not-a-jwt')).toBeUndefined();
    expect(tryDecodeJwtToken(jwt('{"sub":"u-2"}'))?.payload.sub).toBe('u-2');
  });
});

describe('decodeJWT (aws-amplify\'s name)', () => {
  it("decodes as decodeJwtToken does, with claims typed as Amplify's JwtPayload", () => {
    const token = jwt('{"sub":"u-3","email":"zoe@example.com","cognito:groups":["staff"],"exp":1700000000}');
    const { payload } = decodeJWT(token);
    expect(payload).toEqual(decodeJwtToken(token).payload);
    // Registered claims are typed; any other claim is a JSON value, as in an Amplify app.
    const exp: number | undefined = payload.exp;
    const groups = payload['cognito:groups'];
    expect(exp).toBe(1700000000);
    expect(Array.isArray(groups) ? groups : []).toEqual(['staff']);
  });

  it("throws aws-amplify's errors for a malformed token: plain Errors 'Invalid token' and 'Invalid token payload'", () => {
    const thrown = (token: string): unknown => {
      try {
        decodeJWT(token);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    for (const token of ['a.b', 'not-a-jwt', `${jwt('{}')}.d.e`, '']) {
      const error = thrown(token);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(TypeError);
      expect(error).toMatchObject({ name: 'Error', message: 'Invalid token' });
    }
    for (const token of ['a..c', 'a.!!!.c', jwt('not json'), `a.${b64url('{"sub":"x"').slice(0, -1)}#.c`]) {
      expect(thrown(token)).toMatchObject({ name: 'Error', message: 'Invalid token payload' });
    }
    // As aws-amplify's, any JSON payload decodes.
    expect(decodeJWT(jwt('[1,2]')).payload).toEqual([1, 2]);
  });
});
