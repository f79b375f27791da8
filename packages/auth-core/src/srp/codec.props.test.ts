import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';

import { base64ToBytes, bytesToBase64 } from './base64.js';
import { bytesToBigInt, bytesToHex, hexToBigInt, hexToBytes, padBytes, padHex } from './bigint-codec.js';
import { SrpInvalidParameterError } from './errors.js';
import { formatCognitoTimestamp, parseCognitoTimestamp } from './claim-signature.js';

describe('encoding properties', () => {
  it('padHex is the shortest even-length hex that reads back as the same non-negative number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1n << 3100n }), (value) => {
        const hex = padHex(value);
        expect(hex.length % 2).toBe(0);
        expect(hexToBigInt(hex)).toBe(value);
        expect(Number.parseInt(hex.slice(0, 2), 16)).toBeLessThan(0x80);
        // Shortest: dropping the first byte would either change the value or set the sign bit.
        if (hex.length > 2) {
          const shorter = hex.slice(2);
          expect(hexToBigInt(shorter) !== value || Number.parseInt(shorter.slice(0, 2), 16) >= 0x80).toBe(true);
        }
        expect(bytesToBigInt(padBytes(value))).toBe(value);
      }),
      propertyRuns(300),
    );
  });

  it('hexToBytes reads exactly the even-length hex strings of either case, as the bytes they spell', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (bytes, upper) => {
        const hex = upper ? bytesToHex(bytes).toUpperCase() : bytesToHex(bytes);
        expect(hexToBytes(hex)).toEqual(bytes);
      }),
      propertyRuns(),
    );
    const notHex = fc.string({ minLength: 1, maxLength: 2, unit: 'binary' }).filter((s) => !/^[0-9a-fA-F]+$/.test(s));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), notHex, fc.nat(), (bytes, junk, at) => {
        const hex = bytesToHex(bytes);
        const cut = 2 * (at % (bytes.length + 1));
        // Any non-hex character, or an odd length, is refused rather than read as something else.
        expect(() => hexToBytes(hex.slice(0, cut) + junk + hex.slice(cut))).toThrow(SrpInvalidParameterError);
      }),
      propertyRuns(),
    );
  });

  it('base64 round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
      }),
      propertyRuns(),
    );
  });

  it('timestamps round-trip to the second and never zero-pad the day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31, 23, 59, 59)), noInvalidDate: true }), (date) => {
        const text = formatCognitoTimestamp(date);
        expect(text).toMatch(/^[A-Z][a-z]{2} [A-Z][a-z]{2} [1-9]\d? \d{2}:\d{2}:\d{2} UTC \d{4}$/);
        expect(parseCognitoTimestamp(text).getTime()).toBe(Math.floor(date.getTime() / 1000) * 1000);
      }),
      propertyRuns(300),
    );
  });
});
