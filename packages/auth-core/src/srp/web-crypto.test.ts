// The WebCrypto client functions against the interop vectors recorded from amazon-cognito-identity-js
// and against the synchronous (@noble/hashes) functions the server keeps using.
import { describe, expect, it } from 'vitest';

import { bytesToHex, hexToBigInt } from './bigint-codec.js';
import { computeClaimSignature } from './claim-signature.js';
import { computePasswordAuthenticationKey, poolNameFromUserPoolId } from './client.js';
import { createDeviceVerifier } from './device-verifier.js';
import { computeX } from './key-derivation.js';
import { SrpInvalidEphemeralError, SrpRandomSourceError } from './errors.js';
import { SRP_N } from './group.js';
import { computeClaimSignatureAsync, computePasswordAuthenticationKeyAsync, computeXAsync, createDeviceVerifierAsync } from './web-crypto.js';
import vectors from './vectors/cognito-srp-vectors.json';
import { scriptedRandom } from '../../testing/scripted-random.js';

describe('user SRP with WebCrypto against the library', () => {
  it.each(vectors.users)('$name', async (vector) => {
    const poolName = poolNameFromUserPoolId(vector.userPoolId);
    const a = hexToBigInt(vector.aHex);
    const A = hexToBigInt(vector.srpA);
    const input = { poolName, username: vector.userIdForSrp, password: vector.password, saltHex: vector.saltHex, serverBHex: vector.serverBHex, a, A };
    expect((await computeXAsync(input)).toString(16)).toBe(vector.xHex);
    const key = await computePasswordAuthenticationKeyAsync(input);
    expect(bytesToHex(key)).toBe(vector.keyHex);
    const claim = { key, poolName, userIdForSrp: vector.userIdForSrp, secretBlockB64: vector.secretBlockB64, timestamp: vector.timestamp };
    expect(await computeClaimSignatureAsync(claim)).toBe(vector.claimSignature);
  });
});

describe('device SRP with WebCrypto against the library', () => {
  it.each(vectors.devices)('ConfirmDevice verifier and DEVICE_PASSWORD_VERIFIER: $name', async (vector) => {
    const identity = { deviceGroupKey: vector.deviceGroupKey, deviceKey: vector.deviceKey };
    const device = await createDeviceVerifierAsync({ ...identity, randomBytes: scriptedRandom(vector.devicePasswordRandomHex, vector.saltRandomHex) });
    expect(device.devicePassword).toBe(vector.devicePassword);
    expect({ Salt: device.saltB64, PasswordVerifier: device.passwordVerifierB64 }).toEqual(vector.confirmDevice.DeviceSecretVerifierConfig);
    expect(device).toEqual(createDeviceVerifier({ ...identity, randomBytes: scriptedRandom(vector.devicePasswordRandomHex, vector.saltRandomHex) }));

    const srp = vector.deviceSrp;
    const key = await computePasswordAuthenticationKeyAsync({
      poolName: vector.deviceGroupKey,
      username: vector.deviceKey,
      password: vector.devicePassword,
      saltHex: srp.saltHex,
      serverBHex: srp.serverBHex,
      a: hexToBigInt(srp.aHex),
      A: hexToBigInt(srp.srpA),
    });
    expect(bytesToHex(key)).toBe(srp.keyHex);
    const claim = { key, poolName: vector.deviceGroupKey, userIdForSrp: vector.deviceKey, secretBlockB64: srp.secretBlockB64, timestamp: srp.timestamp };
    expect(await computeClaimSignatureAsync(claim)).toBe(srp.claimSignature);
  });
});

describe('WebCrypto and the synchronous functions', () => {
  it('agree on x, the key and the signature for unicode identities and passwords', async () => {
    const input = { poolName: 'Pool_ü', username: 'ユーザー', password: 'pässwörd 🔑', saltHex: 'ff00ab', serverBHex: 'abcdef0123456789', a: 12345678901234567890n, A: 98765432109876543210n };
    expect(await computeXAsync(input)).toBe(computeX(input));
    const key = await computePasswordAuthenticationKeyAsync(input);
    expect(key).toEqual(computePasswordAuthenticationKey(input));
    const claim = { key, poolName: input.poolName, userIdForSrp: input.username, secretBlockB64: 'AAECAwQF', timestamp: 'Tue Nov 3 08:05:09 UTC 2026' };
    expect(await computeClaimSignatureAsync(claim)).toBe(computeClaimSignature(claim));
  });

  it('refuses B = 0 mod N like the synchronous key derivation', async () => {
    const input = { poolName: 'p', username: 'u', password: 'pw', saltHex: '01', serverBHex: SRP_N.toString(16), a: 2n, A: 4n };
    await expect(computePasswordAuthenticationKeyAsync(input)).rejects.toBeInstanceOf(SrpInvalidEphemeralError);
  });

  it('reports a missing crypto.subtle as an SRP error', async () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: original.getRandomValues.bind(original) }, configurable: true });
    try {
      await expect(computeXAsync({ poolName: 'p', username: 'u', password: 'pw', saltHex: '01' })).rejects.toBeInstanceOf(SrpRandomSourceError);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });
});
