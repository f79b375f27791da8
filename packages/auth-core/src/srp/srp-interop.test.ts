// Interop: our SRP must match Cognito's official JavaScript client byte for byte. The vectors were
// recorded from amazon-cognito-identity-js (see vectors/generate-vectors.ts); the library itself is
// not loaded here.
import { describe, expect, it } from 'vitest';

import { bigIntToHex, hexToBigInt, hexToBytes, padHex } from './bigint-codec.js';
import { computeClaimSignature, formatCognitoTimestamp, parseCognitoTimestamp, verifyClaimSignature } from './claim-signature.js';
import { computeClientEphemeral, computePasswordAuthenticationKey, createClientEphemeral, poolNameFromUserPoolId } from './client.js';
import {
  computeDeviceClaimSignature,
  computeDevicePasswordAuthenticationKey,
  createDeviceVerifier,
  decodeDeviceSecretVerifierConfig,
} from './device-verifier.js';
import { SRP_G, SRP_K, SRP_N, defaultModPowEngine } from './group.js';
import { computeU, computeX } from './key-derivation.js';
import type { ModPowEngine } from './mod-pow.js';
import { createWindowedModPowEngine, modPowSquareMultiply } from './mod-pow.js';
import { computeServerEphemeral, computeServerPasswordKey, createPasswordVerifier } from './server.js';
import vectors from './vectors/cognito-srp-vectors.json';
import { scriptedRandom } from '../../testing/scripted-random.js';

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

const engines: [string, ModPowEngine][] = [
  ['the default engine (fixed-base table for g)', defaultModPowEngine],
  ['sliding windows only', createWindowedModPowEngine()],
  ['plain square-and-multiply', { modPow: modPowSquareMultiply }],
];

describe('the SRP group matches the library', () => {
  it('uses the RFC 5054 3072-bit N, g = 2 and k = H(PAD(N) | PAD(g))', () => {
    expect(bigIntToHex(SRP_N)).toBe(vectors.group.NHex);
    expect(bigIntToHex(SRP_G)).toBe(vectors.group.gHex);
    expect(bigIntToHex(SRP_K)).toBe(vectors.group.kHex);
  });

  it.each(vectors.padHex)('pads $hex as $padded, like the library', ({ hex, padded }) => {
    expect(padHex(hexToBigInt(hex))).toBe(padded);
  });

  it.each(vectors.timestamps)('formats $epochMs as "$formatted"', ({ epochMs, formatted }) => {
    expect(formatCognitoTimestamp(new Date(epochMs))).toBe(formatted);
    expect(parseCognitoTimestamp(formatted).getTime()).toBe(epochMs);
  });
});

describe.each(engines)('user SRP against the library, with %s', (_name, engine) => {
  it.each(vectors.users)('$name', (vector) => {
    const poolName = poolNameFromUserPoolId(vector.userPoolId);
    expect(poolName).toBe(vector.poolName);

    // The library drew these 128 bytes for a and sent SRP_A as minimal hex.
    const ephemeral = createClientEphemeral({ randomBytes: scriptedRandom(vector.aHex), engine });
    expect(ephemeral.a).toBe(hexToBigInt(vector.aHex));
    expect(ephemeral.srpAHex).toBe(vector.srpA);
    expect(computeClientEphemeral(ephemeral.a, { engine }).srpAHex).toBe(vector.srpA);

    const B = hexToBigInt(vector.serverBHex);
    expect(padHex(computeU(ephemeral.A, B))).toBe(vector.uPadHex);
    expect(bigIntToHex(computeX({ poolName, username: vector.userIdForSrp, password: vector.password, saltHex: vector.saltHex }))).toBe(vector.xHex);

    const key = computePasswordAuthenticationKey({
      poolName,
      username: vector.userIdForSrp,
      password: vector.password,
      saltHex: vector.saltHex,
      serverBHex: vector.serverBHex,
      a: ephemeral.a,
      A: ephemeral.A,
      engine,
    });
    expect(toHex(key)).toBe(vector.keyHex);

    const claim = { key, poolName, userIdForSrp: vector.userIdForSrp, secretBlockB64: vector.secretBlockB64, timestamp: vector.timestamp };
    expect(computeClaimSignature(claim)).toBe(vector.claimSignature);
    expect(verifyClaimSignature({ ...claim, signatureB64: vector.claimSignature })).toBe(true);
  });

  it.each(vectors.users.filter((v) => v.verifierHex !== undefined))('server half reproduces the library client key: $name', (vector) => {
    const verifierHex = vector.verifierHex;
    const salt = hexToBytes(padHex(hexToBigInt(vector.saltHex)));
    const verifier = createPasswordVerifier({ poolName: vector.poolName, username: vector.userIdForSrp, password: vector.password, salt, engine });
    expect(verifier.verifierHex).toBe(verifierHex);

    const server = computeServerEphemeral({ verifierHex, b: hexToBigInt(vector.bHex), engine });
    expect(server.srpBHex).toBe(vector.serverBHex);
    const key = computeServerPasswordKey({ clientAHex: vector.srpA, b: server.b, B: server.B, verifierHex, engine });
    expect(toHex(key)).toBe(vector.keyHex);
  });
});

describe.each(engines)('device SRP against the library, with %s', (_name, engine) => {
  it.each(vectors.devices)('ConfirmDevice verifier: $name', (vector) => {
    // The library drew the 40-byte password first, then the 16-byte salt.
    const device = createDeviceVerifier({
      deviceGroupKey: vector.deviceGroupKey,
      deviceKey: vector.deviceKey,
      randomBytes: scriptedRandom(vector.devicePasswordRandomHex, vector.saltRandomHex),
      engine,
    });
    expect(device.devicePassword).toBe(vector.devicePassword);
    expect({ Salt: device.saltB64, PasswordVerifier: device.passwordVerifierB64 }).toEqual(vector.confirmDevice.DeviceSecretVerifierConfig);
    expect(decodeDeviceSecretVerifierConfig(vector.confirmDevice.DeviceSecretVerifierConfig)).toEqual({
      saltHex: vector.deviceSrp.saltHex,
      verifierHex: device.verifierHex,
    });
  });

  it.each(vectors.devices)('DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER: $name', (vector) => {
    const srp = vector.deviceSrp;
    const ephemeral = createClientEphemeral({ randomBytes: scriptedRandom(srp.aHex), engine });
    expect(ephemeral.srpAHex).toBe(srp.srpA);
    const identity = { deviceGroupKey: vector.deviceGroupKey, deviceKey: vector.deviceKey };
    const key = computeDevicePasswordAuthenticationKey({
      ...identity,
      devicePassword: vector.devicePassword,
      saltHex: srp.saltHex,
      serverBHex: srp.serverBHex,
      a: ephemeral.a,
      A: ephemeral.A,
      engine,
    });
    expect(toHex(key)).toBe(srp.keyHex);
    expect(computeDeviceClaimSignature({ ...identity, key, secretBlockB64: srp.secretBlockB64, timestamp: srp.timestamp })).toBe(srp.claimSignature);

    // Our server half, fed the verifier the library registered, derives the library's key.
    const { verifierHex } = decodeDeviceSecretVerifierConfig(vector.confirmDevice.DeviceSecretVerifierConfig);
    const server = computeServerEphemeral({ verifierHex, b: hexToBigInt(srp.bHex), engine });
    expect(server.srpBHex).toBe(srp.serverBHex);
    expect(toHex(computeServerPasswordKey({ clientAHex: srp.srpA, b: server.b, B: server.B, verifierHex, engine }))).toBe(srp.keyHex);
  });
});
