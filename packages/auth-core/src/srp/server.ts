// The server half of the exchange, for packages/server: verifiers for new passwords, B, and the
// server's copy of the key. The server then checks PASSWORD_CLAIM_SIGNATURE with verifyClaimSignature.
import { bigIntToHex, bytesToBigInt, hexToBigInt, padHex } from './bigint-codec.js';
import type { SrpComputeOptions } from './compute-options.js';
import { SrpInvalidParameterError, SrpRandomSourceError } from './errors.js';
import { PRIVATE_VALUE_BYTES, SALT_BYTES, SRP_G, SRP_K, SRP_N, defaultModPowEngine } from './group.js';
import { assertNonZeroModN, computeU, computeX, deriveAuthenticationKey } from './key-derivation.js';
import type { ModPowEngine } from './mod-pow.js';
import { takeRandomBytes, webCryptoRandomBytes } from './random.js';

/** What the server stores instead of a password. */
export interface PasswordVerifier {
  /** The salt in padHex form, sent as SALT in the PASSWORD_VERIFIER challenge. */
  readonly saltHex: string;
  /** v = g^x mod N in padHex form. */
  readonly verifierHex: string;
}

/** Input of createPasswordVerifier. */
export interface PasswordVerifierInput extends SrpComputeOptions {
  /** The part of the user pool id after the underscore; for devices the device group key. */
  readonly poolName: string;
  /** The user's id for SRP (USER_ID_FOR_SRP); for devices the device key. */
  readonly username: string;
  readonly password: string;
  /** Salt bytes; 16 random bytes when absent. */
  readonly salt?: Uint8Array;
}

/** Creates the salt and verifier v = g^x mod N for a password (16-byte random salt unless given). */
export function createPasswordVerifier(input: PasswordVerifierInput): PasswordVerifier {
  const salt = input.salt ?? takeRandomBytes(input.randomBytes ?? webCryptoRandomBytes, SALT_BYTES);
  if (salt.length === 0) throw new SrpInvalidParameterError('salt', 'the salt must not be empty');
  // Canonical padHex form, so every client reads the salt back as the same integer and bytes.
  const saltHex = padHex(bytesToBigInt(salt));
  const x = computeX({ poolName: input.poolName, username: input.username, password: input.password, saltHex });
  const v = (input.engine ?? defaultModPowEngine).modPow(SRP_G, x, SRP_N);
  return { saltHex, verifierHex: padHex(v) };
}

/** The server's secret b and public B = k*v + g^b mod N. */
export interface ServerEphemeral {
  /** The private value b (keep secret, use once). */
  readonly b: bigint;
  /** The public value B. */
  readonly B: bigint;
  /** B as the SRP_B challenge parameter: minimal lowercase hex. */
  readonly srpBHex: string;
}

/** Input of createServerEphemeral. */
export interface ServerEphemeralInput extends SrpComputeOptions {
  /** The stored verifier v (hex). */
  readonly verifierHex: string;
}

const maxDraws = 8;

/** Draws a 128-byte random b and computes B = k*v + g^b mod N, drawing again if b is 0 or B mod N is 0. */
export function createServerEphemeral(input: ServerEphemeralInput): ServerEphemeral {
  const randomBytes = input.randomBytes ?? webCryptoRandomBytes;
  const v = parseVerifier(input.verifierHex);
  for (let draw = 0; draw < maxDraws; draw++) {
    const b = bytesToBigInt(takeRandomBytes(randomBytes, PRIVATE_VALUE_BYTES));
    if (b === 0n) continue;
    const B = publicB(v, b, input.engine ?? defaultModPowEngine);
    if (B % SRP_N !== 0n) return { b, B, srpBHex: bigIntToHex(B) };
  }
  throw new SrpRandomSourceError(`no usable private value in ${maxDraws} draws`);
}

/** B = k*v + g^b mod N for a given private value b (tests and interop vectors fix b). */
export function computeServerEphemeral(input: { verifierHex: string; b: bigint; engine?: ModPowEngine }): ServerEphemeral {
  if (input.b <= 0n) throw new SrpInvalidParameterError('b', 'the private value must be positive');
  const B = publicB(parseVerifier(input.verifierHex), input.b, input.engine ?? defaultModPowEngine);
  assertNonZeroModN(B, 'B');
  return { b: input.b, B, srpBHex: bigIntToHex(B) };
}

/** Input of computeServerPasswordKey. */
export interface ServerPasswordKeyInput {
  /** SRP_A as the client sent it (hex). */
  readonly clientAHex: string;
  /** The server's ephemeral values for this exchange. */
  readonly b: bigint;
  readonly B: bigint;
  /** The stored verifier v (hex). */
  readonly verifierHex: string;
  readonly engine?: ModPowEngine;
}

/**
 * The server's copy of the 16-byte key: rejects A = 0 mod N and u = 0, then
 * S = (A * v^u)^b mod N and the same HKDF as the client.
 */
export function computeServerPasswordKey(input: ServerPasswordKeyInput): Uint8Array {
  const engine = input.engine ?? defaultModPowEngine;
  const A = hexToBigInt(input.clientAHex, 'SRP_A');
  assertNonZeroModN(A, 'A');
  const u = computeU(A, input.B);
  assertNonZeroModN(u, 'u');
  const v = parseVerifier(input.verifierHex);
  const S = engine.modPow((A * engine.modPow(v, u, SRP_N)) % SRP_N, input.b, SRP_N);
  return deriveAuthenticationKey(S, u);
}

function publicB(v: bigint, b: bigint, engine: ModPowEngine): bigint {
  return (SRP_K * v + engine.modPow(SRP_G, b, SRP_N)) % SRP_N;
}

function parseVerifier(verifierHex: string): bigint {
  const v = hexToBigInt(verifierHex, 'PasswordVerifier');
  // v = 0 mod N would make S = 0 whatever the client does.
  if (v % SRP_N === 0n) throw new SrpInvalidParameterError('PasswordVerifier', 'the verifier must not be 0 mod N');
  return v;
}
