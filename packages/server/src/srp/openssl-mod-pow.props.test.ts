import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';

import {
  SRP_N,
  computePasswordAuthenticationKey,
  computeServerPasswordKey,
  createClientEphemeral,
  createPasswordVerifier,
  createServerEphemeral,
  createWindowedModPowEngine,
  defaultModPowEngine,
  modPowSquareMultiply,
} from '@steward/auth-core/srp';

import { createOpenSslModPowEngine } from './openssl-mod-pow.js';

// Moduli of 2..4096 bits with the top bit set, so every size band (under 512, 512..4096) is hit.
const modulus = fc
  .integer({ min: 2, max: 4096 })
  .chain((bits) => fc.bigInt({ min: 1n << BigInt(bits - 1), max: (1n << BigInt(bits)) - 1n }));

describe('OpenSSL engine properties', () => {
  const openssl = createOpenSslModPowEngine();
  const bigint = createWindowedModPowEngine();

  it('equals the BigInt engine mod N for random bases and exponents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -SRP_N, max: 2n * SRP_N }), fc.bigInt({ min: 0n, max: (1n << 1100n) - 1n }), (base, exponent) => {
        expect(openssl.modPow(base, exponent, SRP_N)).toBe(bigint.modPow(base, exponent, SRP_N));
      }),
      propertyRuns(30),
    );
  });

  it('equals square-and-multiply for odd and even moduli of 2..4096 bits', () => {
    fc.assert(
      fc.property(modulus, fc.bigInt({ min: 0n, max: 1n << 4200n }), fc.bigInt({ min: 0n, max: (1n << 300n) - 1n }), (m, base, exponent) => {
        expect(openssl.modPow(base, exponent, m)).toBe(modPowSquareMultiply(base, exponent, m));
      }),
      propertyRuns(40),
    );
  });

  it('a server on OpenSSL and a client on BigInt derive the same SRP key', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 16 }), fc.string({ unit: 'binary', maxLength: 16 }), (username, password) => {
        const verifier = createPasswordVerifier({ poolName: 'Pool1', username, password, engine: openssl });
        const server = createServerEphemeral({ verifierHex: verifier.verifierHex, engine: openssl });
        const client = createClientEphemeral({ engine: defaultModPowEngine });
        const clientKey = computePasswordAuthenticationKey({ poolName: 'Pool1', username, password, saltHex: verifier.saltHex, serverBHex: server.srpBHex, a: client.a, A: client.A });
        const serverKey = computeServerPasswordKey({ clientAHex: client.srpAHex, b: server.b, B: server.B, verifierHex: verifier.verifierHex, engine: openssl });
        expect(serverKey).toEqual(clientKey);
      }),
      propertyRuns(20),
    );
  });
});
