// The SRP group and constants Cognito uses: RFC 5054's 3072-bit group (the same prime as
// RFC 3526's group 15), g = 2, and k = H(PAD(N) | PAD(g)) with Cognito's padHex as PAD.
import { base64ToBytes } from './base64.js';
import { bytesToBigInt } from './bigint-codec.js';
import type { ModPowEngine } from './mod-pow.js';
import { createWindowedModPowEngine } from './mod-pow.js';

/**
 * The 3072-bit safe prime N of RFC 5054 appendix A (RFC 3526's 3072-bit MODP prime). Its big-endian
 * bytes are written in base64: a browser bundle gzips them about 240 bytes smaller than hex
 * (group.test.ts checks them against the RFC's hex).
 */
export const SRP_N: bigint = /* @__PURE__ */ bytesToBigInt(base64ToBytes('///////////JD9qiIWjCNMTGYouA3BzRKQJOCIpnzHQCC76mOxObIlFKCHmONATd75UZs806QxswKwpt8l8UN0/hNW1tUcJF5IW1dmJefsb0TELppjftawv/XLb0Brft7jhr+1qJn6WunyQRfEsf5kkoZlHs5Fs9wgB8uKFjvwWY2kg2HFXTmmkWP6j9JM9fg2VdI9yjrZYcYvNWIIVSu57VKQdwlpZtZww1Tkq8mATxdGwIyhghfDKQXkYuNs474553LBgOhgObJ4Oi7Aeij7XFXfBvTFLJ3ivL9pVYFxg5lUl86pVq5RXSJhiY+gUQFXKOWoqqxC2tMxcNBFB6M6hVIavfHLpk7PuFBFjb7wqK6nFXXQYMfbOXD4Wm4eTHq/WujNsJM9cejJTgSiVhnc7j0iYa0u5r8S/6BtmKCGTYdgJzPshqZFIfKxgXeyAMu+EXV3phXWx3CYjAutlG4gjiT6B05asxQ9tb/OD9EI5LgtEgqTrSyv//////////'));
/** N as uppercase hex, the form the RFCs print. */
export const SRP_N_HEX = /* @__PURE__ */ SRP_N.toString(16).toUpperCase();

/** The generator g = 2. */
export const SRP_G = 2n;

/**
 * The multiplier k = H(PAD(N) | PAD(g)), SHA-256 over Cognito's padHex bytes. Written out so that
 * loading the group needs no hash function (group.test.ts recomputes it).
 */
export const SRP_K = 0x538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6n;

/** HKDF info label of Cognito's derived key. */
export const DERIVED_KEY_INFO = 'Caldera Derived Key';

/** Length of the derived password authentication key (HKDF output). */
export const DERIVED_KEY_BYTES = 16;

/** Length of the random private values a and b. */
export const PRIVATE_VALUE_BYTES = 128;

/** Length of a random salt (user passwords and device verifiers). */
export const SALT_BYTES = 16;

/** Length of the random device password before base64 encoding. */
export const DEVICE_PASSWORD_BYTES = 40;

/** The default engine: BigInt with a precomputed table for powers of g mod N. */
export const defaultModPowEngine: ModPowEngine = /* @__PURE__ */ createWindowedModPowEngine({
  fixedBases: [{ base: SRP_G, modulus: SRP_N }],
});
