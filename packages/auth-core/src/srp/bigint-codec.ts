// Integers <-> hex and bytes in the convention of Cognito's SRP: hashes are taken over "padHex"
// encodings (Java BigInteger.toByteArray()), while SRP_A goes on the wire as minimal hex.
import { SrpInvalidParameterError } from './errors.js';

const hexDigits = /^[0-9a-fA-F]+$/;
// Two hex digits per byte value: a lookup is several times faster than formatting each byte.
const byteHex = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const highBitSet = /^[89a-f]/;

/** Parses unsigned hexadecimal (either case, no prefix, odd length allowed) as Cognito sends SRP_A, SRP_B and SALT. */
export function hexToBigInt(hex: string, parameter = 'hex'): bigint {
  if (!hexDigits.test(hex)) {
    throw new SrpInvalidParameterError(parameter, 'expected a non-empty hexadecimal string');
  }
  return BigInt(`0x${hex}`);
}

/** Minimal lowercase hex of a non-negative integer: the form Cognito clients send as SRP_A. */
export function bigIntToHex(value: bigint): string {
  assertNonNegative(value);
  return value.toString(16);
}

/**
 * Cognito's padHex: the even-length hex of the two's-complement encoding of a non-negative
 * integer, i.e. a leading "00" byte when the top bit is set so the value reads as positive.
 * 0 encodes as "00". Only non-negative values occur in SRP, so negatives are refused.
 */
export function padHex(value: bigint): string {
  assertNonNegative(value);
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return highBitSet.test(hex) ? `00${hex}` : hex;
}

/** The bytes of padHex(value): what Cognito hashes for N, g, A, B, S, u and the salt. */
export function padBytes(value: bigint): Uint8Array {
  return hexToBytes(padHex(value));
}

/** Big-endian unsigned bytes as an integer (empty is 0). */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytesToHex(bytes)}`);
}

/** Lowercase hex of bytes. */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byteHex[byte];
  return hex;
}

/** Bytes of an even-length hex string (either case). */
export function hexToBytes(hex: string, parameter = 'hex'): Uint8Array {
  if (hex.length % 2 === 1 || (hex.length > 0 && !hexDigits.test(hex))) {
    throw new SrpInvalidParameterError(parameter, 'expected an even-length hexadecimal string');
  }
  const bytes = new Uint8Array(hex.length / 2);
  // From char codes, once the digits are known to be hex: '0'-'9' are 0x30-0x39 and 'a'-'f' /
  // 'A'-'F' end in 1-6 with bit 6 set. A sign-in decodes several 384-byte values, and slicing and
  // parsing two-character strings cost ten times as much.
  const digit = (i: number): number => {
    const code = hex.charCodeAt(i);
    return (code & 15) + (code >> 6) * 9;
  };
  for (let i = 0; i < bytes.length; i++) bytes[i] = (digit(2 * i) << 4) | digit(2 * i + 1);
  return bytes;
}

function assertNonNegative(value: bigint): void {
  if (value < 0n) throw new RangeError('SRP integers are non-negative');
}
