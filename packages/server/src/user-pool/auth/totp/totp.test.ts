import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotpStep, totpCode, totpStep, type TotpAlgorithm } from './totp.js';

// RFC 6238 appendix B: 8-digit codes for the ASCII seeds below at the listed Unix times.
const SEEDS: Record<TotpAlgorithm, string> = {
  sha1: '12345678901234567890',
  sha256: '12345678901234567890123456789012',
  sha512: '1234567890123456789012345678901234567890123456789012345678901234',
};
const VECTORS: [number, Record<TotpAlgorithm, string>][] = [
  [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
  [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
  [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
  [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
  [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
  [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  for (const [seconds, codes] of VECTORS) {
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      it(`matches the RFC 6238 vector at T=${seconds} with ${algorithm}`, () => {
        const secret = base32Encode(Buffer.from(SEEDS[algorithm]));
        expect(totpCode(secret, new Date(seconds * 1000), { digits: 8, algorithm })).toBe(codes[algorithm]);
      });
    }
  }

  it('matches the RFC 4226 HOTP vectors for counters 0..9', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    const key = Buffer.from(SEEDS.sha1);
    expect(expected.map((_, i) => hotp(key, BigInt(i)))).toEqual(expected);
  });

  it('round-trips base32 and decodes case-insensitively with padding', () => {
    const bytes = Buffer.from('foobar');
    expect(base32Encode(bytes)).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1W')).toThrow(RangeError);
  });

  it('generates 20-byte secrets (32 base32 characters), different each time', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('accepts the codes of one step before and after now, but not two steps away', () => {
    const secret = generateTotpSecret();
    const now = new Date(1_700_000_015_000);
    const step = totpStep(now);
    for (const delta of [-1, 0, 1]) {
      const code = totpCode(secret, new Date(now.getTime() + delta * 30_000));
      expect(matchTotpStep(secret, code, now)).toBe(step + BigInt(delta));
    }
    for (const delta of [-2, 2]) {
      const code = totpCode(secret, new Date(now.getTime() + delta * 30_000));
      // A code from two steps away could coincide with a nearby one by chance (1 in 10^6 each).
      const nearby = [-1, 0, 1].map((d) => totpCode(secret, new Date(now.getTime() + d * 30_000)));
      if (!nearby.includes(code)) expect(matchTotpStep(secret, code, now)).toBeUndefined();
    }
  });

  it('refuses codes that are not exactly six digits', () => {
    const secret = generateTotpSecret();
    const now = new Date();
    const code = totpCode(secret, now);
    expect(matchTotpStep(secret, ` ${code}`, now)).toBeUndefined();
    expect(matchTotpStep(secret, code.slice(0, 5), now)).toBeUndefined();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeUndefined();
  });
});
