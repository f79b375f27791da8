import { describe, expect, it } from 'vitest';

import {
  computeClaimSignature,
  constantTimeEqual,
  formatCognitoTimestamp,
  parseCognitoTimestamp,
  verifyClaimSignature,
} from './claim-signature.js';
import { SrpInvalidParameterError } from './errors.js';

describe('Cognito TIMESTAMP format', () => {
  it('does not zero-pad a single-digit day of month', () => {
    expect(formatCognitoTimestamp(new Date(Date.UTC(2026, 10, 3, 8, 5, 9)))).toBe('Tue Nov 3 08:05:09 UTC 2026');
  });

  it('zero-pads hours, minutes and seconds and keeps two-digit days', () => {
    expect(formatCognitoTimestamp(new Date(Date.UTC(2024, 1, 29, 0, 0, 0)))).toBe('Thu Feb 29 00:00:00 UTC 2024');
    expect(formatCognitoTimestamp(new Date(Date.UTC(2031, 11, 31, 23, 59, 59)))).toBe('Wed Dec 31 23:59:59 UTC 2031');
  });

  it('always uses UTC and English names, whatever the local zone', () => {
    // 2026-11-03T23:30:00-05:00 is already the 4th in UTC.
    expect(formatCognitoTimestamp(new Date('2026-11-03T23:30:00-05:00'))).toBe('Wed Nov 4 04:30:00 UTC 2026');
  });

  it('refuses an invalid date', () => {
    expect(() => formatCognitoTimestamp(new Date(Number.NaN))).toThrow(SrpInvalidParameterError);
  });

  it('parses its own output back to the same second', () => {
    const date = new Date(Date.UTC(2025, 4, 4, 4, 4, 4));
    expect(parseCognitoTimestamp(formatCognitoTimestamp(date)).getTime()).toBe(date.getTime());
  });

  it.each([
    ['a zero-padded day', 'Tue Nov 03 08:05:09 UTC 2026'],
    ['a weekday that does not match', 'Mon Nov 3 08:05:09 UTC 2026'],
    ['a day that does not exist', 'Mon Feb 30 08:05:09 UTC 2026'],
    ['another zone', 'Tue Nov 3 08:05:09 GMT 2026'],
    ['an ISO date', '2026-11-03T08:05:09Z'],
    ['hour 24', 'Tue Nov 3 24:05:09 UTC 2026'],
  ])('rejects %s', (_label, text) => {
    expect(() => parseCognitoTimestamp(text)).toThrow(SrpInvalidParameterError);
  });
});

describe('PASSWORD_CLAIM_SIGNATURE', () => {
  const claim = {
    key: new Uint8Array(16).fill(7),
    poolName: 'AbCdEf123',
    userIdForSrp: 'alice',
    secretBlockB64: 'c2VjcmV0LWJsb2Nr',
    timestamp: 'Tue Nov 3 08:05:09 UTC 2026',
  };

  it('is a base64 HMAC-SHA256 of 32 bytes', () => {
    const signature = computeClaimSignature(claim);
    expect(signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('verifies its own signature', () => {
    expect(verifyClaimSignature({ ...claim, signatureB64: computeClaimSignature(claim) })).toBe(true);
  });

  // Threat: a client without the password forging or replaying a claim; any change to what is signed must fail.
  it.each([
    ['another key', { key: new Uint8Array(16).fill(8) }],
    ['another pool', { poolName: 'AbCdEf124' }],
    ['another user', { userIdForSrp: 'alicf' }],
    ['another secret block', { secretBlockB64: 'c2VjcmV0LWJsb2Nl' }],
    ['another timestamp', { timestamp: 'Tue Nov 3 08:05:10 UTC 2026' }],
  ])('fails with %s', (_label, change) => {
    const signatureB64 = computeClaimSignature(claim);
    expect(verifyClaimSignature({ ...claim, ...change, signatureB64 })).toBe(false);
  });

  it('fails for malformed or truncated signatures instead of throwing', () => {
    const signature = computeClaimSignature(claim);
    expect(verifyClaimSignature({ ...claim, signatureB64: 'not base64!' })).toBe(false);
    expect(verifyClaimSignature({ ...claim, signatureB64: signature.slice(0, 20) })).toBe(false);
    expect(verifyClaimSignature({ ...claim, signatureB64: '' })).toBe(false);
  });

  it('rejects a secret block that is not base64 with a typed error', () => {
    expect(() => computeClaimSignature({ ...claim, secretBlockB64: '***' })).toThrow(SrpInvalidParameterError);
  });
});

describe('constantTimeEqual', () => {
  it('compares content and length', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array(), new Uint8Array())).toBe(true);
  });
});
