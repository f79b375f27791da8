// The client half's hashing through WebCrypto (`crypto.subtle`, browsers and Node >= 20), so a
// browser bundle carries no hash library. The results are the same bytes as the synchronous
// functions (@noble/hashes), which the server and the interop vectors keep using. The default
// engine is slidingWindowModPowEngine (see mod-pow.ts for why a browser skips the table for g).
import { base64ToBytes, bytesToBase64 } from './base64.js';
import { bytesToBigInt, hexToBigInt, hexToBytes, padBytes, padHex } from './bigint-codec.js';
import type { ClaimSignatureInput } from './claim-signature.js';
import type { PasswordAuthenticationKeyInput } from './client.js';
import type { SrpComputeOptions } from './compute-options.js';
import type { DeviceIdentity, DeviceVerifier } from './device-verifier.js';
import { SrpRandomSourceError } from './errors.js';
import { DERIVED_KEY_BYTES, DERIVED_KEY_INFO, DEVICE_PASSWORD_BYTES, SALT_BYTES, SRP_G, SRP_K, SRP_N } from './group.js';
import type { PasswordHashInput } from './key-derivation.js';
import { assertNonZeroModN } from './key-derivation.js';
import { slidingWindowModPowEngine } from './mod-pow.js';
import { takeRandomBytes, webCryptoRandomBytes } from './random.js';

type Bytes = Uint8Array<ArrayBuffer>;

function subtle(): SubtleCrypto {
  const webCrypto = (globalThis as { crypto?: Partial<Crypto> }).crypto;
  // Browsers expose crypto.subtle only in secure contexts (HTTPS or localhost).
  if (webCrypto?.subtle === undefined) throw new SrpRandomSourceError('globalThis.crypto.subtle is not available (it needs a secure context)');
  return webCrypto.subtle;
}

const utf8 = (text: string): Bytes => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function sha256(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await subtle().digest('SHA-256', data));
}

async function hashToBigInt(...parts: Uint8Array[]): Promise<bigint> {
  return bytesToBigInt(await sha256(concat(...parts)));
}

/** x = H(PAD(salt) | H(poolName | username | ':' | password)), hashed with WebCrypto. */
export async function computeXAsync({ poolName, username, password, saltHex }: PasswordHashInput): Promise<bigint> {
  const salt = hexToBigInt(saltHex, 'SALT');
  return hashToBigInt(padBytes(salt), await sha256(utf8(`${poolName}${username}:${password}`)));
}

/**
 * computePasswordAuthenticationKey with WebCrypto: rejects B = 0 mod N and u = 0, then
 * S = (B - k*g^x)^(a + u*x) mod N and key = HKDF(PAD(S), PAD(u), 'Caldera Derived Key').
 */
export async function computePasswordAuthenticationKeyAsync(input: PasswordAuthenticationKeyInput): Promise<Uint8Array> {
  const engine = input.engine ?? slidingWindowModPowEngine;
  const B = hexToBigInt(input.serverBHex, 'SRP_B');
  assertNonZeroModN(B, 'B');
  const u = await hashToBigInt(padBytes(input.A), padBytes(B));
  assertNonZeroModN(u, 'u');
  const x = await computeXAsync(input);
  const base = (((B - SRP_K * engine.modPow(SRP_G, x, SRP_N)) % SRP_N) + SRP_N) % SRP_N;
  const S = engine.modPow(base, input.a + u * x, SRP_N);
  const ikm = await subtle().importKey('raw', padBytes(S) as Bytes, 'HKDF', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: padBytes(u) as Bytes, info: utf8(DERIVED_KEY_INFO) },
    ikm,
    DERIVED_KEY_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** computeClaimSignature with WebCrypto: base64 HMAC-SHA256(key, poolName | userIdForSrp | secret block bytes | timestamp). */
export async function computeClaimSignatureAsync(input: ClaimSignatureInput): Promise<string> {
  const key = await subtle().importKey('raw', input.key as Bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const message = concat(utf8(input.poolName), utf8(input.userIdForSrp), base64ToBytes(input.secretBlockB64, 'SECRET_BLOCK'), utf8(input.timestamp));
  return bytesToBase64(new Uint8Array(await subtle().sign('HMAC', key, message)));
}

/** createDeviceVerifier with WebCrypto: a random 40-byte device password (base64), a 16-byte salt and v = g^x mod N. */
export async function createDeviceVerifierAsync(input: DeviceIdentity & SrpComputeOptions): Promise<DeviceVerifier> {
  const randomBytes = input.randomBytes ?? webCryptoRandomBytes;
  const devicePassword = bytesToBase64(takeRandomBytes(randomBytes, DEVICE_PASSWORD_BYTES));
  const saltHex = padHex(bytesToBigInt(takeRandomBytes(randomBytes, SALT_BYTES)));
  const x = await computeXAsync({ poolName: input.deviceGroupKey, username: input.deviceKey, password: devicePassword, saltHex });
  const verifierHex = padHex((input.engine ?? slidingWindowModPowEngine).modPow(SRP_G, x, SRP_N));
  return {
    saltB64: bytesToBase64(hexToBytes(saltHex)),
    passwordVerifierB64: bytesToBase64(hexToBytes(verifierHex)),
    devicePassword,
    saltHex,
    verifierHex,
  };
}
