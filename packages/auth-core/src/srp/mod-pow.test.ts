import { describe, expect, it } from 'vitest';

import { SRP_G, SRP_N, defaultModPowEngine } from './group.js';
import { FixedBasePowers, createWindowedModPowEngine, modPowSlidingWindow, modPowSquareMultiply, slidingWindowBits } from './mod-pow.js';

const implementations: [string, (b: bigint, e: bigint, m: bigint) => bigint][] = [
  ['square-and-multiply', modPowSquareMultiply],
  ['sliding window', (b, e, m) => modPowSlidingWindow(b, e, m)],
  ['sliding window of 1 bit', (b, e, m) => modPowSlidingWindow(b, e, m, 1)],
  ['sliding window of 7 bits', (b, e, m) => modPowSlidingWindow(b, e, m, 7)],
  ['fixed-base table', (b, e, m) => new FixedBasePowers(b, m).pow(e)],
  ['fixed-base table of 3-bit windows', (b, e, m) => new FixedBasePowers(b, m, 3).pow(e)],
];

describe.each(implementations)('%s', (_name, modPow) => {
  it('computes known values', () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(3n, 200n, 1000n)).toBe(1n);
    expect(modPow(2n, 10n, 1_000_000n)).toBe(1024n);
    expect(modPow(123_456_789n, 987_654_321n, 1_000_000_007n)).toBe(652_541_198n);
  });

  it('treats exponent 0 as 1 and modulus 1 as 0', () => {
    expect(modPow(5n, 0n, 7n)).toBe(1n);
    expect(modPow(0n, 0n, 7n)).toBe(1n);
    expect(modPow(5n, 3n, 1n)).toBe(0n);
  });

  it('reduces negative and oversized bases', () => {
    expect(modPow(-2n, 3n, 7n)).toBe(6n);
    expect(modPow(9n, 2n, 7n)).toBe(4n);
    expect(modPow(0n, 5n, 7n)).toBe(0n);
  });

  it('refuses a non-positive modulus and a negative exponent', () => {
    expect(() => modPow(2n, 3n, 0n)).toThrow(RangeError);
    expect(() => modPow(2n, -1n, 7n)).toThrow(RangeError);
  });
});

describe('window sizes', () => {
  it('grow with the exponent size and stay in range', () => {
    expect(slidingWindowBits(1)).toBe(1);
    expect(slidingWindowBits(256)).toBe(5);
    expect(slidingWindowBits(1024)).toBe(6);
    expect(() => modPowSlidingWindow(2n, 5n, 7n, 0)).toThrow(RangeError);
    expect(() => new FixedBasePowers(2n, 7n, 13)).toThrow(RangeError);
  });
});

describe('the default engine', () => {
  it('computes powers of g mod N through its table and other bases by sliding windows, both matching the reference', () => {
    const exponent = (1n << 1100n) - 12_345n;
    expect(defaultModPowEngine.modPow(SRP_G, exponent, SRP_N)).toBe(modPowSquareMultiply(SRP_G, exponent, SRP_N));
    expect(defaultModPowEngine.modPow(SRP_G + SRP_N, 77n, SRP_N)).toBe(modPowSquareMultiply(SRP_G, 77n, SRP_N));
    expect(defaultModPowEngine.modPow(3n, exponent, SRP_N)).toBe(modPowSquareMultiply(3n, exponent, SRP_N));
  });

  it('computes exponents beyond the table limit (4096 bits) correctly', () => {
    const exponent = (1n << 5000n) + 3n;
    expect(defaultModPowEngine.modPow(SRP_G, exponent, SRP_N)).toBe(modPowSquareMultiply(SRP_G, exponent, SRP_N));
  });

  it('keeps separate tables per registered base', () => {
    const engine = createWindowedModPowEngine({ fixedBases: [{ base: 3n, modulus: 1_000_000_007n }, { base: 5n, modulus: 1_000_000_007n }] });
    expect(engine.modPow(3n, 1_000n, 1_000_000_007n)).toBe(modPowSquareMultiply(3n, 1_000n, 1_000_000_007n));
    expect(engine.modPow(5n, 1_000n, 1_000_000_007n)).toBe(modPowSquareMultiply(5n, 1_000n, 1_000_000_007n));
    expect(engine.modPow(3n, 1_000n, 1_000_000_009n)).toBe(modPowSquareMultiply(3n, 1_000n, 1_000_000_009n));
  });
});
