import { describe, expect, it } from 'vitest';

import { base64ToBytes, bytesToBase64 } from './base64.js';
import { createDeviceVerifier, decodeDeviceSecretVerifierConfig } from './device-verifier.js';
import { SrpInvalidParameterError } from './errors.js';
import { SRP_N } from './group.js';
import { padBytes } from './bigint-codec.js';

const identity = { deviceGroupKey: '-Pj5Kb1Hx', deviceKey: 'us-east-1_1d2e3f4a-5b6c-7d8e-9f0a-1b2c3d4e5f60' };

describe('createDeviceVerifier', () => {
  it('draws a 40-byte device password, then a 16-byte salt', () => {
    const requests: number[] = [];
    const device = createDeviceVerifier({ ...identity, randomBytes: (n) => (requests.push(n), new Uint8Array(n).fill(0x11)) });
    expect(requests).toEqual([40, 16]);
    expect(base64ToBytes(device.devicePassword)).toEqual(new Uint8Array(40).fill(0x11));
    expect(base64ToBytes(device.saltB64)).toEqual(new Uint8Array(16).fill(0x11));
  });

  it('encodes the salt and verifier as base64 of their padHex bytes, as ConfirmDevice expects', () => {
    const device = createDeviceVerifier({ ...identity, randomBytes: (n) => new Uint8Array(n).fill(0xee) });
    expect(base64ToBytes(device.saltB64)[0]).toBe(0);
    expect(base64ToBytes(device.saltB64)).toHaveLength(17);
    expect(device.passwordVerifierB64).toBe(bytesToBase64(padBytes(BigInt(`0x${device.verifierHex}`))));
  });

  it('yields a fresh password and salt each time by default', () => {
    const first = createDeviceVerifier(identity);
    const second = createDeviceVerifier(identity);
    expect(first.devicePassword).not.toBe(second.devicePassword);
    expect(first.saltB64).not.toBe(second.saltB64);
  });
});

describe('decodeDeviceSecretVerifierConfig', () => {
  it('returns what the device sent as hex', () => {
    const device = createDeviceVerifier(identity);
    expect(decodeDeviceSecretVerifierConfig({ Salt: device.saltB64, PasswordVerifier: device.passwordVerifierB64 })).toEqual({
      saltHex: device.saltHex,
      verifierHex: device.verifierHex,
    });
  });

  // Threat: a device registering a verifier of 0 or >= N would make every later device challenge trivial.
  it.each([
    ['an empty verifier', { Salt: 'AQ==', PasswordVerifier: '' }],
    ['a zero verifier', { Salt: 'AQ==', PasswordVerifier: 'AAAA' }],
    ['a verifier equal to N', { Salt: 'AQ==', PasswordVerifier: bytesToBase64(padBytes(SRP_N)) }],
    ['an empty salt', { Salt: '', PasswordVerifier: 'AQ==' }],
    ['non-base64 input', { Salt: '***', PasswordVerifier: 'AQ==' }],
  ])('rejects %s', (_label, config) => {
    expect(() => decodeDeviceSecretVerifierConfig(config)).toThrow(SrpInvalidParameterError);
  });
});
