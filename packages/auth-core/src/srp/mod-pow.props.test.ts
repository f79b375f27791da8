import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';

import { SRP_G, SRP_N, defaultModPowEngine } from './group.js';
import { FixedBasePowers, createWindowedModPowEngine, modPowSlidingWindow, modPowSquareMultiply } from './mod-pow.js';

const smallModulus = fc.bigInt({ min: 1n, max: (1n << 130n) - 1n });
const anyBase = fc.bigInt({ min: -(1n << 140n), max: 1n << 140n });
const exponent = (bits: bigint) => fc.bigInt({ min: 0n, max: (1n << bits) - 1n });

describe('modular exponentiation properties', () => {
  it('sliding windows of every width equal square-and-multiply on small moduli', () => {
    fc.assert(
      fc.property(anyBase, exponent(300n), smallModulus, fc.integer({ min: 1, max: 8 }), (base, e, m, width) => {
        expect(modPowSlidingWindow(base, e, m, width)).toBe(modPowSquareMultiply(base, e, m));
      }),
      propertyRuns(300),
    );
  });

  it('fixed-base tables of every width equal square-and-multiply, reusing one table across exponents', () => {
    fc.assert(
      fc.property(anyBase, smallModulus, fc.integer({ min: 1, max: 8 }), fc.array(exponent(400n), { minLength: 1, maxLength: 6 }), (base, m, width, exponents) => {
        const powers = new FixedBasePowers(base, m, width);
        for (const e of exponents) expect(powers.pow(e)).toBe(modPowSquareMultiply(base, e, m));
      }),
      propertyRuns(200),
    );
  });

  it('the default engine equals square-and-multiply mod N, for g and for arbitrary bases', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: SRP_N * 2n }), exponent(1300n), fc.boolean(), (base, e, useG) => {
        const b = useG ? SRP_G : base;
        expect(defaultModPowEngine.modPow(b, e, SRP_N)).toBe(modPowSquareMultiply(b, e, SRP_N));
      }),
      propertyRuns(25),
    );
  });

  it('an engine without fixed bases equals one with them', () => {
    const plain = createWindowedModPowEngine();
    fc.assert(
      fc.property(exponent(600n), (e) => {
        expect(plain.modPow(SRP_G, e, SRP_N)).toBe(defaultModPowEngine.modPow(SRP_G, e, SRP_N));
      }),
      propertyRuns(20),
    );
  });
});
