// @steward/auth-core/srp: Cognito's SRP-6a (3072-bit group, g = 2) for clients and for the server.
export { SrpError, SrpInvalidEphemeralError, SrpInvalidParameterError, SrpRandomSourceError } from './errors.js';
export type { SrpEphemeralName } from './errors.js';
export type { RandomBytes } from './random.js';
export { webCryptoRandomBytes } from './random.js';
export type { SrpComputeOptions } from './compute-options.js';
export {
  SRP_N,
  SRP_N_HEX,
  SRP_G,
  SRP_K,
  DERIVED_KEY_INFO,
  DERIVED_KEY_BYTES,
  PRIVATE_VALUE_BYTES,
  SALT_BYTES,
  DEVICE_PASSWORD_BYTES,
  defaultModPowEngine,
} from './group.js';
export type { ModPowEngine, FixedBase } from './mod-pow.js';
export { createWindowedModPowEngine, FixedBasePowers, modPowSlidingWindow, modPowSquareMultiply, slidingWindowModPowEngine } from './mod-pow.js';
export { bigIntToHex, bytesToBigInt, bytesToHex, hexToBigInt, hexToBytes, padBytes, padHex } from './bigint-codec.js';
export { base64ToBytes, bytesToBase64 } from './base64.js';
export { computeU, computeX, deriveAuthenticationKey } from './key-derivation.js';
export type { PasswordHashInput } from './key-derivation.js';
export type { ClientEphemeral, PasswordAuthenticationKeyInput } from './client.js';
export { computeClientEphemeral, computePasswordAuthenticationKey, createClientEphemeral, drawClientEphemeral, poolNameFromUserPoolId } from './client.js';
export type { PasswordVerifier, PasswordVerifierInput, ServerEphemeral, ServerEphemeralInput, ServerPasswordKeyInput } from './server.js';
export { computeServerEphemeral, computeServerPasswordKey, createPasswordVerifier, createServerEphemeral } from './server.js';
export type { ClaimSignatureInput } from './claim-signature.js';
export {
  computeClaimSignature,
  constantTimeEqual,
  formatCognitoTimestamp,
  parseCognitoTimestamp,
  verifyClaimSignature,
} from './claim-signature.js';
export { computeClaimSignatureAsync, computePasswordAuthenticationKeyAsync, computeXAsync, createDeviceVerifierAsync } from './web-crypto.js';
export type { DeviceIdentity, DevicePasswordKeyInput, DeviceVerifier } from './device-verifier.js';
export {
  computeDeviceClaimSignature,
  computeDevicePasswordAuthenticationKey,
  computeDeviceVerifier,
  createDeviceVerifier,
  decodeDeviceSecretVerifierConfig,
} from './device-verifier.js';
