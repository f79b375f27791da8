import { describe, expect, it } from 'vitest';

import { decodeJwtToken, tryDecodeJwtToken } from './jwt.js';

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
