import { describe, expect, it } from 'vitest';

import { bigIntToHex, bytesToBigInt, bytesToHex, hexToBigInt, hexToBytes, padBytes, padHex } from './bigint-codec.js';
import { SrpInvalidParameterError } from './errors.js';

describe('padHex (Cognito two\'s-complement style)', () => {
  it.each([
    [0n, '00'],
    [1n, '01'],
    [0x7fn, '7f'],
    [0x80n, '0080'],
    [0xffn, '00ff'],
    [0x100n, '0100'],
    [0xabcn, '0abc'],
    [0x7fffn, '7fff'],
    [0x8000n, '008000'],
  ])('encodes %s as "%s"', (value, expected) => {
    expect(padHex(value)).toBe(expected);
  });

  it('always yields an even number of digits whose first byte is below 0x80', () => {
    for (let bits = 0; bits < 80; bits++) {
      for (const value of [1n << BigInt(bits), (1n << BigInt(bits)) - 1n]) {
        const hex = padHex(value);
        expect(hex.length % 2).toBe(0);
        expect(Number.parseInt(hex.slice(0, 2), 16)).toBeLessThan(0x80);
        expect(BigInt(`0x${hex}`)).toBe(value);
      }
    }
  });

  it('refuses negative values, which never occur in SRP', () => {
    expect(() => padHex(-1n)).toThrow(RangeError);
    expect(() => bigIntToHex(-5n)).toThrow(RangeError);
  });

  it('gives the padded bytes', () => {
    expect(Array.from(padBytes(0x80n))).toEqual([0, 0x80]);
  });
});

describe('hex parsing', () => {
  it('accepts either case and odd lengths, like Cognito clients do for SRP_B and SALT', () => {
    expect(hexToBigInt('ABC')).toBe(0xabcn);
    expect(hexToBigInt('00ff')).toBe(255n);
  });

  it.each(['', '0x12', 'xyz', '12 34', '-1'])('rejects %j with a typed error naming the parameter', (text) => {
    const error = (() => {
      try {
        hexToBigInt(text, 'SRP_B');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SrpInvalidParameterError);
    expect((error as SrpInvalidParameterError).parameter).toBe('SRP_B');
    expect((error as SrpInvalidParameterError).name).toBe('SrpInvalidParameterError');
  });

  it('minimal hex drops leading zeros, as SRP_A is sent', () => {
    expect(bigIntToHex(0x0abcn)).toBe('abc');
  });

  it('converts bytes both ways and reads empty bytes as 0', () => {
    expect(bytesToHex(hexToBytes('00A1ff'))).toBe('00a1ff');
    expect(bytesToBigInt(new Uint8Array([1, 0]))).toBe(256n);
    expect(bytesToBigInt(new Uint8Array())).toBe(0n);
    expect(() => hexToBytes('abc')).toThrow(SrpInvalidParameterError);
    expect(() => hexToBytes('zz')).toThrow(SrpInvalidParameterError);
  });
});
