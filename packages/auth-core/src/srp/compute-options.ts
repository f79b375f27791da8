import type { ModPowEngine } from './mod-pow.js';
import type { RandomBytes } from './random.js';

/** Options the SRP functions share: the random source (default WebCrypto) and the exponentiation engine (default BigInt). */
export interface SrpComputeOptions {
  readonly randomBytes?: RandomBytes;
  readonly engine?: ModPowEngine;
}
