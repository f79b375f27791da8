// The client half of Cognito's SRP-6a (USER_SRP_AUTH / PASSWORD_VERIFIER, and the device flow).
import { bigIntToHex, bytesToBigInt, hexToBigInt } from './bigint-codec.js';
import type { SrpComputeOptions } from './compute-options.js';
import { SrpInvalidParameterError, SrpRandomSourceError } from './errors.js';
import { PRIVATE_VALUE_BYTES, SRP_G, SRP_K, SRP_N, defaultModPowEngine } from './group.js';
import { assertNonZeroModN, computeU, computeX, deriveAuthenticationKey } from './key-derivation.js';
import type { ModPowEngine } from './mod-pow.js';
import { takeRandomBytes, webCryptoRandomBytes } from './random.js';
import type { RandomBytes } from './random.js';

/** The client's secret a and public A = g^a mod N. */
export interface ClientEphemeral {
  /** The private value a (keep secret, use once). */
  readonly a: bigint;
  /** The public value A. */
  readonly A: bigint;
  /** A as Cognito's SRP_A auth parameter: minimal lowercase hex. */
  readonly srpAHex: string;
}

// A redraw is astronomically unlikely (g^a mod N is never 0 for prime N), so a small bound only
// guards against a broken random source returning the same bytes forever.
const maxDraws = 8;

/** Draws a 128-byte random a and computes A = g^a mod N, drawing again if a is 0 or A mod N is 0. */
export function createClientEphemeral(options: SrpComputeOptions = {}): ClientEphemeral {
  return drawClientEphemeral(options.randomBytes ?? webCryptoRandomBytes, options.engine ?? defaultModPowEngine);
}

/** createClientEphemeral with both the random source and the engine given (no default engine to bundle). */
export function drawClientEphemeral(randomBytes: RandomBytes, engine: ModPowEngine): ClientEphemeral {
  for (let draw = 0; draw < maxDraws; draw++) {
    const a = bytesToBigInt(takeRandomBytes(randomBytes, PRIVATE_VALUE_BYTES));
    if (a === 0n) continue;
    const A = engine.modPow(SRP_G, a, SRP_N);
    if (A % SRP_N !== 0n) return { a, A, srpAHex: bigIntToHex(A) };
  }
  throw new SrpRandomSourceError(`no usable private value in ${maxDraws} draws`);
}

/** A = g^a mod N for a given private value a (tests and interop vectors fix a). */
export function computeClientEphemeral(a: bigint, options: Pick<SrpComputeOptions, 'engine'> = {}): ClientEphemeral {
  if (a <= 0n) throw new SrpInvalidParameterError('a', 'the private value must be positive');
  const A = (options.engine ?? defaultModPowEngine).modPow(SRP_G, a, SRP_N);
  assertNonZeroModN(A, 'A');
  return { a, A, srpAHex: bigIntToHex(A) };
}

/** What the client needs to derive the key after InitiateAuth answered PASSWORD_VERIFIER. */
export interface PasswordAuthenticationKeyInput {
  /** The part of the user pool id after the underscore (see poolNameFromUserPoolId); for devices the device group key. */
  readonly poolName: string;
  /** USER_ID_FOR_SRP from the challenge; for devices the device key. */
  readonly username: string;
  /** The password; for devices the device password. */
  readonly password: string;
  /** SALT from the challenge (hex). */
  readonly saltHex: string;
  /** SRP_B from the challenge (hex). */
  readonly serverBHex: string;
  /** The client's private value. */
  readonly a: bigint;
  /** The client's public value sent as SRP_A. */
  readonly A: bigint;
  readonly engine?: ModPowEngine;
}

/**
 * Derives the 16-byte password authentication key: rejects B = 0 mod N and u = 0, then
 * S = (B - k*g^x)^(a + u*x) mod N and key = HKDF(PAD(S), PAD(u), 'Caldera Derived Key').
 */
export function computePasswordAuthenticationKey(input: PasswordAuthenticationKeyInput): Uint8Array {
  const engine = input.engine ?? defaultModPowEngine;
  const B = hexToBigInt(input.serverBHex, 'SRP_B');
  assertNonZeroModN(B, 'B');
  const u = computeU(input.A, B);
  assertNonZeroModN(u, 'u');
  const x = computeX(input);
  const gx = engine.modPow(SRP_G, x, SRP_N);
  const base = (((B - SRP_K * gx) % SRP_N) + SRP_N) % SRP_N;
  const S = engine.modPow(base, input.a + u * x, SRP_N);
  return deriveAuthenticationKey(S, u);
}

/** The pool name SRP hashes: the part of a user pool id ("us-east-1_AbC123") after the underscore. */
export function poolNameFromUserPoolId(userPoolId: string): string {
  const separator = userPoolId.indexOf('_');
  if (separator < 0) throw new SrpInvalidParameterError('userPoolId', 'expected "<region>_<id>"');
  // Cognito's clients take split('_')[1], i.e. up to a second underscore if there is one.
  const rest = userPoolId.slice(separator + 1);
  const next = rest.indexOf('_');
  return next < 0 ? rest : rest.slice(0, next);
}
