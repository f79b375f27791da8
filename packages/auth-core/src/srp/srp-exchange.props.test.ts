// Property tests of the whole exchange: the client half and the server half in this module must
// agree exactly when the password is right, and refuse the degenerate values SRP-6a forbids.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';

import { bigIntToHex, padHex } from './bigint-codec.js';
import { computeClaimSignature, verifyClaimSignature } from './claim-signature.js';
import { computePasswordAuthenticationKey, createClientEphemeral } from './client.js';
import {
  computeDeviceClaimSignature,
  computeDevicePasswordAuthenticationKey,
  createDeviceVerifier,
  decodeDeviceSecretVerifierConfig,
} from './device-verifier.js';
import { SrpInvalidEphemeralError } from './errors.js';
import { SRP_N } from './group.js';
import { computeServerPasswordKey, createPasswordVerifier, createServerEphemeral } from './server.js';

/** Runs `run` and returns what it threw (fails the test if it returned). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

// 3072-bit exponentiations cost ~30 ms per run: the properties using them run 20 to 30 times by
// default, which keeps the file to a few seconds (FC_NUM_RUNS raises them all).
const text = fc.string({ unit: 'binary', maxLength: 24 });
const nonEmptyText = fc.string({ unit: 'binary', minLength: 1, maxLength: 24 });
const privateBytes = fc.uint8Array({ minLength: 128, maxLength: 128 }).filter((bytes) => bytes.some((b) => b !== 0));
const saltBytes = fc.uint8Array({ minLength: 1, maxLength: 32 }).filter((bytes) => bytes.some((b) => b !== 0));
const secretBlock = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => btoa(String.fromCharCode(...bytes)));
const timestamp = 'Tue Nov 3 08:05:09 UTC 2026';

const fixed = (bytes: Uint8Array) => (n: number) => {
  if (n !== bytes.length) throw new Error(`expected a request for ${bytes.length} bytes, got ${n}`);
  return bytes;
};

function exchange(input: {
  poolName: string;
  username: string;
  registeredPassword: string;
  attemptedPassword: string;
  salt: Uint8Array;
  a: Uint8Array;
  b: Uint8Array;
  secretBlockB64: string;
}) {
  const verifier = createPasswordVerifier({ poolName: input.poolName, username: input.username, password: input.registeredPassword, salt: input.salt });
  const server = createServerEphemeral({ verifierHex: verifier.verifierHex, randomBytes: fixed(input.b) });
  const client = createClientEphemeral({ randomBytes: fixed(input.a) });
  const clientKey = computePasswordAuthenticationKey({
    poolName: input.poolName,
    username: input.username,
    password: input.attemptedPassword,
    saltHex: verifier.saltHex,
    serverBHex: server.srpBHex,
    a: client.a,
    A: client.A,
  });
  const serverKey = computeServerPasswordKey({ clientAHex: client.srpAHex, b: server.b, B: server.B, verifierHex: verifier.verifierHex });
  const claim = { poolName: input.poolName, userIdForSrp: input.username, secretBlockB64: input.secretBlockB64, timestamp };
  const signatureB64 = computeClaimSignature({ ...claim, key: clientKey });
  return { clientKey, serverKey, verified: verifyClaimSignature({ ...claim, key: serverKey, signatureB64 }) };
}

describe('SRP exchange properties', () => {
  it('client and server derive the same key, and the claim verifies, for any unicode identity, password and salt', () => {
    fc.assert(
      fc.property(text, text, text, saltBytes, privateBytes, privateBytes, secretBlock, (poolName, username, password, salt, a, b, secretBlockB64) => {
        const result = exchange({ poolName, username, registeredPassword: password, attemptedPassword: password, salt, a, b, secretBlockB64 });
        expect(result.clientKey).toHaveLength(16);
        expect(result.serverKey).toEqual(result.clientKey);
        expect(result.verified).toBe(true);
      }),
      propertyRuns(30),
    );
  });

  // Threat: password guessing; a client with any other password must never produce an accepted claim.
  it('a wrong password never verifies', () => {
    fc.assert(
      fc.property(
        nonEmptyText,
        text,
        fc.tuple(text, text).filter(([right, wrong]) => right !== wrong),
        saltBytes,
        privateBytes,
        privateBytes,
        (poolName, username, [right, wrong], salt, a, b) => {
          const result = exchange({ poolName, username, registeredPassword: right, attemptedPassword: wrong, salt, a, b, secretBlockB64: 'AAEC' });
          expect(result.serverKey).not.toEqual(result.clientKey);
          expect(result.verified).toBe(false);
        },
      ),
      propertyRuns(30),
    );
  });

  // Threat: a party sending a public value that is 0 mod N forces S = 0 and a key known without the password.
  it('the client rejects any SRP_B that is a multiple of N', () => {
    const client = createClientEphemeral();
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1n << 64n }), fc.boolean(), (multiple, padded) => {
        const B = multiple * SRP_N;
        const serverBHex = padded ? padHex(B) : bigIntToHex(B);
        expect(() =>
          computePasswordAuthenticationKey({ poolName: 'p', username: 'u', password: 'x', saltHex: '01', serverBHex, a: client.a, A: client.A }),
        ).toThrow(SrpInvalidEphemeralError);
        const error = thrown(() =>
          computePasswordAuthenticationKey({ poolName: 'p', username: 'u', password: 'x', saltHex: '01', serverBHex, a: client.a, A: client.A }),
        );
        expect((error as SrpInvalidEphemeralError).value).toBe('B');
      }),
      propertyRuns(100),
    );
  });

  it('the server rejects any SRP_A that is a multiple of N', () => {
    const verifier = createPasswordVerifier({ poolName: 'p', username: 'u', password: 'x' });
    const server = createServerEphemeral({ verifierHex: verifier.verifierHex });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1n << 64n }), (multiple) => {
        const clientAHex = bigIntToHex(multiple * SRP_N);
        const error = thrown(() => computeServerPasswordKey({ clientAHex, b: server.b, B: server.B, verifierHex: verifier.verifierHex }));
        expect(error).toBeInstanceOf(SrpInvalidEphemeralError);
        expect((error as SrpInvalidEphemeralError).value).toBe('A');
      }),
      propertyRuns(100),
    );
  });

  it('device verifiers round-trip: the device password authenticates against the registered verifier, and nothing else does', () => {
    fc.assert(
      fc.property(
        nonEmptyText,
        nonEmptyText,
        fc.uint8Array({ minLength: 56, maxLength: 56 }),
        privateBytes,
        privateBytes,
        fc.string({ minLength: 1, maxLength: 8 }),
        (deviceGroupKey, deviceKey, registrationRandom, a, b, tamper) => {
          // ConfirmDevice: the device draws its password (40 bytes) and salt (16 bytes).
          let offset = 0;
          const device = createDeviceVerifier({
            deviceGroupKey,
            deviceKey,
            randomBytes: (n) => registrationRandom.slice(offset, (offset += n)),
          });
          // The server stores what ConfirmDevice carried; later it answers DEVICE_SRP_AUTH.
          const stored = decodeDeviceSecretVerifierConfig({ Salt: device.saltB64, PasswordVerifier: device.passwordVerifierB64 });
          const server = createServerEphemeral({ verifierHex: stored.verifierHex, randomBytes: fixed(b) });
          const client = createClientEphemeral({ randomBytes: fixed(a) });
          const identity = { deviceGroupKey, deviceKey };
          const deviceKeyBytes = computeDevicePasswordAuthenticationKey({
            ...identity,
            devicePassword: device.devicePassword,
            saltHex: stored.saltHex,
            serverBHex: server.srpBHex,
            a: client.a,
            A: client.A,
          });
          const serverKey = computeServerPasswordKey({ clientAHex: client.srpAHex, b: server.b, B: server.B, verifierHex: stored.verifierHex });
          expect(serverKey).toEqual(deviceKeyBytes);
          const signatureB64 = computeDeviceClaimSignature({ ...identity, key: deviceKeyBytes, secretBlockB64: 'AAEC', timestamp });
          expect(verifyClaimSignature({ key: serverKey, poolName: deviceGroupKey, userIdForSrp: deviceKey, secretBlockB64: 'AAEC', timestamp, signatureB64 })).toBe(
            true,
          );

          // Threat: a stolen device key without the device password must not authenticate.
          const forged = computeDevicePasswordAuthenticationKey({
            ...identity,
            devicePassword: device.devicePassword + tamper,
            saltHex: stored.saltHex,
            serverBHex: server.srpBHex,
            a: client.a,
            A: client.A,
          });
          expect(forged).not.toEqual(serverKey);
        },
      ),
      propertyRuns(20),
    );
  });
});
