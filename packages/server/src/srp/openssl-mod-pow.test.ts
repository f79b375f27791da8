import { describe, expect, it } from 'vitest';

import { SRP_G, SRP_N, modPowSquareMultiply } from '@steward/auth-core/srp';

import { createOpenSslModPowEngine } from './openssl-mod-pow.js';

const e = (1n << 1000n) + 12_345n;

describe('OpenSSL modPow engine', () => {
  it('computes g^e mod N in OpenSSL and matches the reference', () => {
    const engine = createOpenSslModPowEngine();
    expect(engine.modPow(SRP_G, e, SRP_N)).toBe(modPowSquareMultiply(SRP_G, e, SRP_N));
    expect(engine.calls).toEqual({ openssl: 1, bigint: 0 });
  });

  it('keeps results whose leading bytes are zero (OpenSSL pads them)', () => {
    const engine = createOpenSslModPowEngine();
    // 2^8 mod N is tiny: OpenSSL returns 384 bytes, mostly leading zeros.
    expect(engine.modPow(2n, 8n, SRP_N)).toBe(256n);
    expect(engine.modPow(2n, 1n, SRP_N)).toBe(2n);
  });

  it.each([
    ['0', 0n],
    ['1', 1n],
    ['N - 1', SRP_N - 1n],
    ['N (reduces to 0)', SRP_N],
    ['N + 1 (reduces to 1)', SRP_N + 1n],
    ['-1 (reduces to N - 1)', -1n],
  ])('takes the BigInt path for base %s, which OpenSSL refuses, with the right result', (_label, base) => {
    const engine = createOpenSslModPowEngine();
    expect(engine.modPow(base, e, SRP_N)).toBe(modPowSquareMultiply(base, e, SRP_N));
    expect(engine.calls).toEqual({ openssl: 0, bigint: 1 });
  });

  it('takes the BigInt path for exponent 0', () => {
    const engine = createOpenSslModPowEngine();
    expect(engine.modPow(5n, 0n, SRP_N)).toBe(1n);
    expect(engine.calls.bigint).toBe(1);
  });

  // Threat: OpenSSL returns all-zero "secrets" for moduli under 512 bits instead of failing; a silent 0 would be a wrong key.
  it('never sends moduli under 512 bits, even moduli or huge moduli to OpenSSL', () => {
    const engine = createOpenSslModPowEngine();
    const small = (1n << 127n) - 1n;
    expect(engine.modPow(3n, 12_345n, small)).toBe(modPowSquareMultiply(3n, 12_345n, small));
    expect(engine.modPow(3n, 12_345n, SRP_N + 1n)).toBe(modPowSquareMultiply(3n, 12_345n, SRP_N + 1n));
    const huge = (1n << 10_001n) + 1n;
    expect(engine.modPow(3n, 99n, huge)).toBe(modPowSquareMultiply(3n, 99n, huge));
    expect(engine.calls).toEqual({ openssl: 0, bigint: 3 });
  });

  it('accepts exponents larger than the modulus', () => {
    const engine = createOpenSslModPowEngine();
    expect(engine.modPow(7n, SRP_N + 5n, SRP_N)).toBe(modPowSquareMultiply(7n, SRP_N + 5n, SRP_N));
    expect(engine.calls.openssl).toBe(1);
  });

  it('refuses a non-positive modulus and a negative exponent like the BigInt engine', () => {
    const engine = createOpenSslModPowEngine();
    expect(() => engine.modPow(2n, 3n, 0n)).toThrow(RangeError);
    expect(() => engine.modPow(2n, -3n, SRP_N)).toThrow(RangeError);
  });

  it('uses the given fallback engine for refused inputs', () => {
    const seen: bigint[] = [];
    const engine = createOpenSslModPowEngine({ fallback: { modPow: (b, x, m) => (seen.push(b), modPowSquareMultiply(b, x, m)) } });
    engine.modPow(1n, 5n, SRP_N);
    expect(seen).toEqual([1n]);
  });
});
