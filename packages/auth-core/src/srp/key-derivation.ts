// The hashes both halves of the exchange share: u, x and the HKDF key. "PAD" is Cognito's padHex.
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

import { bytesToBigInt, hexToBigInt, padBytes } from './bigint-codec.js';
import type { SrpEphemeralName } from './errors.js';
import { SrpInvalidEphemeralError } from './errors.js';
import { DERIVED_KEY_BYTES, DERIVED_KEY_INFO, SRP_N } from './group.js';

/** u = H(PAD(A) | PAD(B)). */
export function computeU(A: bigint, B: bigint): bigint {
  return bytesToBigInt(sha256(concatBytes(padBytes(A), padBytes(B))));
}

/** Identity and password that x is derived from; for devices poolName is the device group key and username the device key. */
export interface PasswordHashInput {
  readonly poolName: string;
  readonly username: string;
  readonly password: string;
  /** The salt as hex (SALT of the challenge); it is re-encoded with padHex before hashing, as Cognito's clients do. */
  readonly saltHex: string;
}

/** x = H(PAD(salt) | H(poolName | username | ':' | password)), strings as UTF-8. */
export function computeX({ poolName, username, password, saltHex }: PasswordHashInput): bigint {
  const salt = hexToBigInt(saltHex, 'SALT');
  const identityHash = sha256(utf8ToBytes(`${poolName}${username}:${password}`));
  return bytesToBigInt(sha256(concatBytes(padBytes(salt), identityHash)));
}

/** The 16-byte key: HKDF-SHA256(ikm = PAD(S), salt = PAD(u), info = 'Caldera Derived Key'). */
export function deriveAuthenticationKey(S: bigint, u: bigint): Uint8Array {
  return hkdf(sha256, padBytes(S), padBytes(u), utf8ToBytes(DERIVED_KEY_INFO), DERIVED_KEY_BYTES);
}

/** Throws SrpInvalidEphemeralError when `value` is 0 mod N (for u: when it is 0). */
export function assertNonZeroModN(value: bigint, name: SrpEphemeralName): void {
  if (value % SRP_N === 0n) throw new SrpInvalidEphemeralError(name);
}
