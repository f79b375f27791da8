import { describe, expect, it } from 'vitest';
import { STATE_RANDOM_BYTES, createOAuthState, customStateOf, decodeCustomState, encodeCustomState, oauthStatesEqual } from './oauth-state.js';

const fixed = (length: number) => new Uint8Array(length).map((_, i) => i);
const RANDOM_HEX = '000102030405060708090a0b0c0d0e0f';

describe('OAuth state', () => {
  it('is 32 hex characters of fresh randomness without a custom state', () => {
    expect(createOAuthState(fixed)).toBe(RANDOM_HEX);
    expect(createOAuthState(fixed, '')).toBe(RANDOM_HEX);
    expect(RANDOM_HEX).toHaveLength(2 * STATE_RANDOM_BYTES);
    expect(customStateOf(RANDOM_HEX)).toBeUndefined();
  });

  it('carries a custom state as the hex of its UTF-8 bytes after a dash (ASCII as aws-amplify writes it)', () => {
    const state = createOAuthState(fixed, '/orders?id=7');
    expect(state).toBe(`${RANDOM_HEX}-2f6f72646572733f69643d37`);
    expect(customStateOf(state)).toBe('/orders?id=7');
    expect(encodeCustomState('é€😀')).toBe('c3a9e282acf09f9880');
    expect(customStateOf(createOAuthState(fixed, 'a-b é€😀 {"x":1}'))).toBe('a-b é€😀 {"x":1}');
  });

  it('decodes only lowercase hex of well-formed UTF-8', () => {
    expect(decodeCustomState('6869')).toBe('hi');
    expect(decodeCustomState('686')).toBeUndefined();
    expect(decodeCustomState('6G')).toBeUndefined();
    expect(decodeCustomState('ff')).toBeUndefined();
    expect(customStateOf(`${RANDOM_HEX}-zz`)).toBeUndefined();
  });

  it('compares states exactly, whatever their length, and never accepts an empty stored state', () => {
    expect(oauthStatesEqual('abc-01', 'abc-01')).toBe(true);
    expect(oauthStatesEqual('abc-01', 'abc-02')).toBe(false);
    expect(oauthStatesEqual('abc', 'abc-01')).toBe(false);
    expect(oauthStatesEqual('abc-01x', 'abc-01')).toBe(false);
    expect(oauthStatesEqual('', '')).toBe(false);
  });
});
