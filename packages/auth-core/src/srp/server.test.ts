import { describe, expect, it } from 'vitest';

import { bigIntToHex, bytesToBigInt, padHex } from './bigint-codec.js';
import { computeClaimSignature, verifyClaimSignature } from './claim-signature.js';
import { computePasswordAuthenticationKey, createClientEphemeral } from './client.js';
import { SrpInvalidEphemeralError, SrpInvalidParameterError } from './errors.js';
import { SRP_G, SRP_K, SRP_N } from './group.js';
import { modPowSquareMultiply } from './mod-pow.js';
import { computeServerEphemeral, computeServerPasswordKey, createPasswordVerifier, createServerEphemeral } from './server.js';

/** Runs `run` and returns what it threw (fails the test if it returned). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

const identity = { poolName: 'AbCdEf123', username: 'alice', password: 'Correct-Horse-9' };

describe('createPasswordVerifier', () => {
  it('draws a 16-byte salt by default and returns it in padHex form', () => {
    const requests: number[] = [];
    const salt = new Uint8Array(16).fill(0xf0);
    const verifier = createPasswordVerifier({ ...identity, randomBytes: (n) => (requests.push(n), salt) });
    expect(requests).toEqual([16]);
    expect(verifier.saltHex).toBe(`00${'f0'.repeat(16)}`);
    expect(BigInt(`0x${verifier.verifierHex}`)).toBeLessThan(SRP_N);
  });

  it('uses a given salt, canonicalised like Cognito clients read it back', () => {
    const verifier = createPasswordVerifier({ ...identity, salt: new Uint8Array([0, 0, 0x12]) });
    expect(verifier.saltHex).toBe('12');
  });

  it('never stores the password and differs per salt', () => {
    const a = createPasswordVerifier({ ...identity, salt: new Uint8Array([1]) });
    const b = createPasswordVerifier({ ...identity, salt: new Uint8Array([2]) });
    expect(JSON.stringify(a)).not.toContain(identity.password);
    expect(a.verifierHex).not.toBe(b.verifierHex);
  });

  it('refuses an empty salt', () => {
    expect(() => createPasswordVerifier({ ...identity, salt: new Uint8Array() })).toThrow(SrpInvalidParameterError);
  });
});

describe('server ephemeral', () => {
  const { verifierHex } = createPasswordVerifier({ ...identity, salt: new Uint8Array([1, 2, 3]) });

  it('computes B = k*v + g^b mod N from a 128-byte b', () => {
    const bytes = new Uint8Array(128).fill(9);
    const server = createServerEphemeral({ verifierHex, randomBytes: () => bytes });
    const v = BigInt(`0x${verifierHex}`);
    expect(server.b).toBe(bytesToBigInt(bytes));
    expect(server.B).toBe((SRP_K * v + modPowSquareMultiply(SRP_G, server.b, SRP_N)) % SRP_N);
    expect(server.srpBHex).toBe(bigIntToHex(server.B));
  });

  it('matches computeServerEphemeral for the same b', () => {
    const server = createServerEphemeral({ verifierHex });
    expect(computeServerEphemeral({ verifierHex, b: server.b }).B).toBe(server.B);
  });

  // Threat: a stored verifier of 0 (mod N) would make S = 0 for any client.
  it.each([0n, SRP_N])('refuses the verifier %s', (v) => {
    expect(() => createServerEphemeral({ verifierHex: padHex(v) })).toThrow(SrpInvalidParameterError);
  });

  it('refuses a non-positive fixed b', () => {
    expect(() => computeServerEphemeral({ verifierHex, b: 0n })).toThrow(SrpInvalidParameterError);
  });
});

describe('computeServerPasswordKey', () => {
  const verifier = createPasswordVerifier(identity);
  const server = createServerEphemeral({ verifierHex: verifier.verifierHex });

  it('agrees with the client and accepts its claim signature', () => {
    const client = createClientEphemeral();
    const clientKey = computePasswordAuthenticationKey({ ...identity, saltHex: verifier.saltHex, serverBHex: server.srpBHex, a: client.a, A: client.A });
    const serverKey = computeServerPasswordKey({ clientAHex: client.srpAHex, b: server.b, B: server.B, verifierHex: verifier.verifierHex });
    expect(serverKey).toEqual(clientKey);
    const claim = { poolName: identity.poolName, userIdForSrp: identity.username, secretBlockB64: 'AAEC', timestamp: 'Tue Nov 3 08:05:09 UTC 2026' };
    const signatureB64 = computeClaimSignature({ ...claim, key: clientKey });
    expect(verifyClaimSignature({ ...claim, key: serverKey, signatureB64 })).toBe(true);
  });

  // Threat: a client sending A = 0 (mod N) forces S = 0 and signs in without the password.
  it.each([
    ['0', 0n],
    ['N', SRP_N],
    ['2N', 2n * SRP_N],
  ])('rejects SRP_A = %s with SrpInvalidEphemeralError', (_label, A) => {
    const error = thrown(() => computeServerPasswordKey({ clientAHex: bigIntToHex(A), b: server.b, B: server.B, verifierHex: verifier.verifierHex }));
    expect(error).toBeInstanceOf(SrpInvalidEphemeralError);
    expect((error as SrpInvalidEphemeralError).value).toBe('A');
  });

  it('rejects a malformed SRP_A with a typed error', () => {
    expect(() => computeServerPasswordKey({ clientAHex: 'not-hex', b: server.b, B: server.B, verifierHex: verifier.verifierHex })).toThrow(
      SrpInvalidParameterError,
    );
  });

  it('never returns a key when A is invalid', () => {
    expect(() => computeServerPasswordKey({ clientAHex: '0', b: server.b, B: server.B, verifierHex: verifier.verifierHex })).toThrow(SrpInvalidEphemeralError);
  });
});
