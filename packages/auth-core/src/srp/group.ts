// The SRP group and constants Cognito uses: RFC 5054's 3072-bit group (the same prime as
// RFC 3526's group 15), g = 2, and k = H(PAD(N) | PAD(g)) with Cognito's padHex as PAD.
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';

import { bytesToBigInt, padBytes } from './bigint-codec.js';
import type { ModPowEngine } from './mod-pow.js';
import { createWindowedModPowEngine } from './mod-pow.js';

/** The 3072-bit safe prime N of RFC 5054 appendix A, uppercase hex. */
export const SRP_N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

/** The group prime N. */
export const SRP_N: bigint = BigInt(`0x${SRP_N_HEX}`);

/** The generator g = 2. */
export const SRP_G = 2n;

/** The multiplier k = H(PAD(N) | PAD(g)), SHA-256 over Cognito's padHex bytes. */
export const SRP_K: bigint = /* @__PURE__ */ bytesToBigInt(sha256(concatBytes(padBytes(SRP_N), padBytes(SRP_G))));

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
