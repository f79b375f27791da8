import { describe, expect, it } from 'vitest';

import { base64ToBytes, bytesToBase64 } from './base64.js';
import { SrpInvalidParameterError } from './errors.js';

describe('base64', () => {
  it('encodes with the standard alphabet and padding', () => {
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('+//+');
    expect(bytesToBase64(new Uint8Array([1]))).toBe('AQ==');
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });

  it('round-trips long inputs (beyond one String.fromCharCode chunk)', () => {
    const bytes = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 31) & 0xff);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });

  it('decodes URL-safe and unpadded input, as Cognito clients accept for SECRET_BLOCK', () => {
    expect(Array.from(base64ToBytes('-__-'))).toEqual([0xfb, 0xff, 0xfe]);
    expect(Array.from(base64ToBytes('AQ'))).toEqual([1]);
  });

  it.each(['A', 'AB=C', 'a b', '!!!!', 'AQ==='])('rejects %j with a typed error', (text) => {
    expect(() => base64ToBytes(text, 'SECRET_BLOCK')).toThrow(SrpInvalidParameterError);
  });
});
