// A ModPowEngine that runs the exponentiation in OpenSSL through node:crypto's Diffie-Hellman:
// with p = modulus, private key = exponent and peer key = base, computeSecret() is base^exponent mod p.
// It is ~5x faster than the BigInt path and treats the exponent (the server's secret b) in constant
// time. OpenSSL only takes what is a valid DH computation, so everything else goes to the BigInt engine:
// - moduli that are even, or outside 512..10000 bits (below 512 bits OpenSSL silently returns zeros);
// - bases 0, 1 and m-1 ("Supplied key is too small/large"), and exponent 0 ("Invalid key type").
// Those cases are cheap and public (the SRP layer rejects A, B = 0 mod N before they matter).
import type { DiffieHellman } from 'node:crypto';
import { createDiffieHellman } from 'node:crypto';

import type { ModPowEngine } from '@steward/auth-core/srp';
import { defaultModPowEngine } from '@steward/auth-core/srp';

/** OpenSSL failed on an input it was expected to accept (a bug or a changed OpenSSL), never silently retried. */
export class OpenSslModPowError extends Error {
  override readonly name = 'OpenSslModPowError';
  readonly recoverySuggestion = 'Report this with the Node and OpenSSL versions; meanwhile run with the BigInt ModPowEngine.';

  constructor(cause: unknown) {
    super('OpenSSL refused a modular exponentiation it should accept.', { cause });
  }
}

/** Which path a call took; exposed for tests and metrics. */
export type OpenSslModPowPath = 'openssl' | 'bigint';

/** The OpenSSL engine plus a counter of the paths taken. */
export interface OpenSslModPowEngine extends ModPowEngine {
  readonly calls: Readonly<Record<OpenSslModPowPath, number>>;
}

const minModulusBits = 512;
const maxModulusBits = 10_000;
// A server uses one modulus (N); a small cache still copes with tests and other groups.
const maxCachedModuli = 4;

/** Creates the OpenSSL-backed engine; `fallback` (default: auth-core's BigInt engine) takes the inputs OpenSSL refuses. */
export function createOpenSslModPowEngine(options: { fallback?: ModPowEngine } = {}): OpenSslModPowEngine {
  const fallback = options.fallback ?? defaultModPowEngine;
  const contexts = new Map<bigint, DiffieHellman>();
  const calls = { openssl: 0, bigint: 0 };

  function contextFor(modulus: bigint): DiffieHellman {
    let context = contexts.get(modulus);
    if (context === undefined) {
      if (contexts.size >= maxCachedModuli) contexts.delete(contexts.keys().next().value!);
      // The generator is irrelevant: we never generate keys, only call computeSecret.
      context = createDiffieHellman(toBytes(modulus), 2);
      contexts.set(modulus, context);
    }
    return context;
  }

  return {
    calls,
    modPow(base, exponent, modulus) {
      if (modulus <= 0n) throw new RangeError('modulus must be positive');
      if (exponent < 0n) throw new RangeError('exponent must be non-negative');
      const b = ((base % modulus) + modulus) % modulus;
      const bits = modulus.toString(2).length;
      const refused = (modulus & 1n) === 0n || bits < minModulusBits || bits > maxModulusBits || exponent === 0n || b <= 1n || b === modulus - 1n;
      if (refused) {
        calls.bigint++;
        return fallback.modPow(b, exponent, modulus);
      }
      calls.openssl++;
      let secret: Buffer;
      try {
        const context = contextFor(modulus);
        context.setPrivateKey(toBytes(exponent));
        secret = context.computeSecret(toBytes(b));
      } catch (error) {
        throw new OpenSslModPowError(error);
      }
      // computeSecret left-pads to the modulus length; leading zeros do not change the value.
      return secret.length === 0 ? 0n : BigInt(`0x${secret.toString('hex')}`);
    },
  };
}

/** Minimal big-endian bytes of a non-negative integer (OpenSSL reads them unsigned). */
function toBytes(value: bigint): Buffer {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
}
