// Remembered devices: ConfirmDevice's DeviceSecretVerifierConfig and the DEVICE_SRP_AUTH /
// DEVICE_PASSWORD_VERIFIER exchange. Cognito runs the same SRP with the device group key in the
// pool name's place, the device key as username and a random device password.
import { base64ToBytes, bytesToBase64 } from './base64.js';
import { bytesToBigInt, bytesToHex, hexToBytes, padHex } from './bigint-codec.js';
import { computeClaimSignature } from './claim-signature.js';
import { computePasswordAuthenticationKey } from './client.js';
import type { SrpComputeOptions } from './compute-options.js';
import { SrpInvalidParameterError } from './errors.js';
import { DEVICE_PASSWORD_BYTES, SALT_BYTES, SRP_G, SRP_N, defaultModPowEngine } from './group.js';
import { computeX } from './key-derivation.js';
import type { ModPowEngine } from './mod-pow.js';
import { takeRandomBytes, webCryptoRandomBytes } from './random.js';

/** A device's verifier for ConfirmDevice, and the password the device keeps. */
export interface DeviceVerifier {
  /** DeviceSecretVerifierConfig.Salt: base64 of the salt's padHex bytes. */
  readonly saltB64: string;
  /** DeviceSecretVerifierConfig.PasswordVerifier: base64 of padHex(g^x mod N). */
  readonly passwordVerifierB64: string;
  /** The device password: base64 of 40 random bytes; store it with the device key. */
  readonly devicePassword: string;
  /** The salt in padHex form (what Cognito later sends as SALT). */
  readonly saltHex: string;
  /** The verifier in padHex form. */
  readonly verifierHex: string;
}

/** The device identity from NewDeviceMetadata. */
export interface DeviceIdentity {
  readonly deviceGroupKey: string;
  readonly deviceKey: string;
}

/** Generates a random device password (40 bytes, base64), a 16-byte salt and the verifier for ConfirmDevice. */
export function createDeviceVerifier(input: DeviceIdentity & SrpComputeOptions): DeviceVerifier {
  const randomBytes = input.randomBytes ?? webCryptoRandomBytes;
  const devicePassword = bytesToBase64(takeRandomBytes(randomBytes, DEVICE_PASSWORD_BYTES));
  const salt = takeRandomBytes(randomBytes, SALT_BYTES);
  return computeDeviceVerifier({ ...input, devicePassword, salt });
}

/** The verifier for a given device password and salt: x = H(PAD(salt) | H(groupKey | deviceKey | ':' | password)), v = g^x. */
export function computeDeviceVerifier(
  input: DeviceIdentity & { readonly devicePassword: string; readonly salt: Uint8Array; readonly engine?: ModPowEngine },
): DeviceVerifier {
  if (input.salt.length === 0) throw new SrpInvalidParameterError('Salt', 'the salt must not be empty');
  const saltHex = padHex(bytesToBigInt(input.salt));
  const x = computeX({ poolName: input.deviceGroupKey, username: input.deviceKey, password: input.devicePassword, saltHex });
  const verifierHex = padHex((input.engine ?? defaultModPowEngine).modPow(SRP_G, x, SRP_N));
  return {
    saltB64: bytesToBase64(hexToBytes(saltHex)),
    passwordVerifierB64: bytesToBase64(hexToBytes(verifierHex)),
    devicePassword: input.devicePassword,
    saltHex,
    verifierHex,
  };
}

/** Reads ConfirmDevice's DeviceSecretVerifierConfig into the hex salt (sent back as SALT) and verifier the server half uses. */
export function decodeDeviceSecretVerifierConfig(config: { readonly Salt: string; readonly PasswordVerifier: string }): {
  saltHex: string;
  verifierHex: string;
} {
  const salt = base64ToBytes(config.Salt, 'Salt');
  const verifier = base64ToBytes(config.PasswordVerifier, 'PasswordVerifier');
  if (salt.length === 0) throw new SrpInvalidParameterError('Salt', 'the salt must not be empty');
  const v = bytesToBigInt(verifier);
  if (v === 0n || v >= SRP_N) throw new SrpInvalidParameterError('PasswordVerifier', 'the verifier must lie in [1, N)');
  return { saltHex: bytesToHex(salt), verifierHex: bytesToHex(verifier) };
}

/** Input of the device's key derivation after DEVICE_SRP_AUTH answered with SALT and SRP_B. */
export interface DevicePasswordKeyInput extends DeviceIdentity {
  readonly devicePassword: string;
  readonly saltHex: string;
  readonly serverBHex: string;
  readonly a: bigint;
  readonly A: bigint;
  readonly engine?: ModPowEngine;
}

/** The device's 16-byte key for DEVICE_PASSWORD_VERIFIER (pool name = device group key, username = device key). */
export function computeDevicePasswordAuthenticationKey(input: DevicePasswordKeyInput): Uint8Array {
  return computePasswordAuthenticationKey({
    poolName: input.deviceGroupKey,
    username: input.deviceKey,
    password: input.devicePassword,
    saltHex: input.saltHex,
    serverBHex: input.serverBHex,
    a: input.a,
    A: input.A,
    ...(input.engine === undefined ? {} : { engine: input.engine }),
  });
}

/** DEVICE_PASSWORD_VERIFIER's PASSWORD_CLAIM_SIGNATURE: signed over device group key | device key | secret block | timestamp. */
export function computeDeviceClaimSignature(
  input: DeviceIdentity & { readonly key: Uint8Array; readonly secretBlockB64: string; readonly timestamp: string },
): string {
  return computeClaimSignature({
    key: input.key,
    poolName: input.deviceGroupKey,
    userIdForSrp: input.deviceKey,
    secretBlockB64: input.secretBlockB64,
    timestamp: input.timestamp,
  });
}
