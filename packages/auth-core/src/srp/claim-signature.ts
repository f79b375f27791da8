// PASSWORD_CLAIM_SIGNATURE and the TIMESTAMP it signs, in the exact format Cognito's clients use
// ("Tue Nov 3 08:05:09 UTC 2026": English names, UTC, day of month not zero-padded).
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

import { base64ToBytes, bytesToBase64 } from './base64.js';
import { SrpInvalidParameterError } from './errors.js';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const timestampShape = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) UTC (\d{4})$/;

/** Formats a date as Cognito's claim TIMESTAMP, e.g. "Tue Nov 3 08:05:09 UTC 2026". */
export function formatCognitoTimestamp(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new SrpInvalidParameterError('TIMESTAMP', 'the date is invalid');
  const two = (n: number): string => String(n).padStart(2, '0');
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) throw new SrpInvalidParameterError('TIMESTAMP', 'the year must have four digits');
  return (
    `${weekdays[date.getUTCDay()]} ${months[date.getUTCMonth()]} ${date.getUTCDate()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${year}`
  );
}

/** Parses a claim TIMESTAMP in exactly Cognito's format (weekday must match the date), for the server's clock-skew check. */
export function parseCognitoTimestamp(timestamp: string): Date {
  const match = timestampShape.exec(timestamp);
  if (match === null) throw new SrpInvalidParameterError('TIMESTAMP', 'expected a date like "Tue Nov 3 08:05:09 UTC 2026"');
  const [, , month, day, hours, minutes, seconds, year] = match;
  const date = new Date(
    Date.UTC(Number(year), months.indexOf(month as (typeof months)[number]), Number(day), Number(hours), Number(minutes), Number(seconds)),
  );
  // The round trip catches impossible dates (Feb 30) and a weekday that does not match.
  if (formatCognitoTimestamp(date) !== timestamp) {
    throw new SrpInvalidParameterError('TIMESTAMP', 'the date does not exist or its weekday is wrong');
  }
  return date;
}

/** What PASSWORD_CLAIM_SIGNATURE signs; for devices poolName is the device group key and userIdForSrp the device key. */
export interface ClaimSignatureInput {
  /** The 16-byte password authentication key. */
  readonly key: Uint8Array;
  readonly poolName: string;
  /** USER_ID_FOR_SRP from the challenge. */
  readonly userIdForSrp: string;
  /** SECRET_BLOCK from the challenge (base64), signed as its decoded bytes. */
  readonly secretBlockB64: string;
  /** TIMESTAMP, as formatted by formatCognitoTimestamp. */
  readonly timestamp: string;
}

/** PASSWORD_CLAIM_SIGNATURE: base64 HMAC-SHA256(key, poolName | userIdForSrp | secret block bytes | timestamp). */
export function computeClaimSignature(input: ClaimSignatureInput): string {
  return bytesToBase64(claimMac(input));
}

/** Checks a PASSWORD_CLAIM_SIGNATURE in constant time; false for a wrong or malformed signature. */
export function verifyClaimSignature(input: ClaimSignatureInput & { readonly signatureB64: string }): boolean {
  const expected = claimMac(input);
  let given: Uint8Array;
  try {
    given = base64ToBytes(input.signatureB64, 'PASSWORD_CLAIM_SIGNATURE');
  } catch {
    return false;
  }
  return constantTimeEqual(expected, given);
}

/** Compares two byte strings in time that depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

function claimMac(input: ClaimSignatureInput): Uint8Array {
  const message = concatBytes(
    utf8ToBytes(input.poolName),
    utf8ToBytes(input.userIdForSrp),
    base64ToBytes(input.secretBlockB64, 'SECRET_BLOCK'),
    utf8ToBytes(input.timestamp),
  );
  return hmac(sha256, input.key, message);
}
