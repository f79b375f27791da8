import { describe, expect, it } from 'vitest';

import { bigIntToHex, bytesToBigInt } from './bigint-codec.js';
import { computeClientEphemeral, computePasswordAuthenticationKey, createClientEphemeral, poolNameFromUserPoolId } from './client.js';
import { SrpInvalidEphemeralError, SrpInvalidParameterError, SrpRandomSourceError } from './errors.js';
import { PRIVATE_VALUE_BYTES, SRP_G, SRP_N } from './group.js';
import { modPowSquareMultiply } from './mod-pow.js';

/** Runs `run` and returns what it threw (fails the test if it returned). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function sequence(...draws: Uint8Array[]): (n: number) => Uint8Array {
  return () => draws.shift() ?? new Uint8Array();
}

describe('createClientEphemeral', () => {
  it('draws a 128-byte private value and computes A = g^a mod N', () => {
    const seen: number[] = [];
    const bytes = Uint8Array.from({ length: PRIVATE_VALUE_BYTES }, (_, i) => (i * 7 + 3) & 0xff);
    const ephemeral = createClientEphemeral({
      randomBytes: (n) => {
        seen.push(n);
        return bytes;
      },
    });
    expect(seen).toEqual([128]);
    expect(ephemeral.a).toBe(bytesToBigInt(bytes));
    expect(ephemeral.A).toBe(modPowSquareMultiply(SRP_G, ephemeral.a, SRP_N));
    expect(ephemeral.srpAHex).toBe(bigIntToHex(ephemeral.A));
  });

  it('draws again when the random source yields a = 0', () => {
    const good = new Uint8Array(PRIVATE_VALUE_BYTES).fill(1);
    const ephemeral = createClientEphemeral({ randomBytes: sequence(new Uint8Array(PRIVATE_VALUE_BYTES), good) });
    expect(ephemeral.a).toBe(bytesToBigInt(good));
  });

  it('gives up with a typed error when the source only ever yields zeros', () => {
    expect(() => createClientEphemeral({ randomBytes: (n) => new Uint8Array(n) })).toThrow(SrpRandomSourceError);
  });

  it('rejects a random source that returns the wrong length', () => {
    expect(() => createClientEphemeral({ randomBytes: () => new Uint8Array(16) })).toThrow(SrpRandomSourceError);
  });

  it('uses WebCrypto by default and yields fresh values', () => {
    const first = createClientEphemeral();
    const second = createClientEphemeral();
    expect(first.a).not.toBe(second.a);
    expect(first.A).toBeLessThan(SRP_N);
  });

  it('refuses a non-positive fixed private value', () => {
    expect(() => computeClientEphemeral(0n)).toThrow(SrpInvalidParameterError);
  });
});

describe('computePasswordAuthenticationKey', () => {
  const ephemeral = computeClientEphemeral(12_345_678_901_234_567_890n);
  const base = { poolName: 'AbC', username: 'u', password: 'p', saltHex: 'ab', a: ephemeral.a, A: ephemeral.A };

  // Threat: a malicious server sending B = 0 (mod N) would force S = 0 and learn the key without the password.
  it.each([
    ['0', 0n],
    ['N', SRP_N],
    ['2N', 2n * SRP_N],
    ['7N', 7n * SRP_N],
  ])('rejects SRP_B = %s with SrpInvalidEphemeralError', (_label, B) => {
    let caught: unknown;
    try {
      computePasswordAuthenticationKey({ ...base, serverBHex: bigIntToHex(B) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SrpInvalidEphemeralError);
    expect((caught as SrpInvalidEphemeralError).value).toBe('B');
    expect((caught as SrpInvalidEphemeralError).name).toBe('SrpInvalidEphemeralError');
    expect((caught as SrpInvalidEphemeralError).recoverySuggestion).not.toBe('');
  });

  it('rejects malformed SRP_B and SALT with typed errors naming them', () => {
    const badB = thrown(() => computePasswordAuthenticationKey({ ...base, serverBHex: 'zz' }));
    expect(badB).toBeInstanceOf(SrpInvalidParameterError);
    expect((badB as SrpInvalidParameterError).parameter).toBe('SRP_B');
    const badSalt = thrown(() => computePasswordAuthenticationKey({ ...base, serverBHex: '1234', saltHex: '' }));
    expect((badSalt as SrpInvalidParameterError).parameter).toBe('SALT');
  });

  it('yields 16 bytes that depend on the password', () => {
    const k1 = computePasswordAuthenticationKey({ ...base, serverBHex: '1234' });
    const k2 = computePasswordAuthenticationKey({ ...base, serverBHex: '1234', password: 'q' });
    expect(k1).toHaveLength(16);
    expect(k1).not.toEqual(k2);
  });
});

describe('poolNameFromUserPoolId', () => {
  it('takes the part after the region and underscore', () => {
    expect(poolNameFromUserPoolId('us-east-1_AbCdEf123')).toBe('AbCdEf123');
    expect(poolNameFromUserPoolId('eu-west-2_a_b')).toBe('a');
  });

  it('rejects an id without an underscore', () => {
    expect(() => poolNameFromUserPoolId('useast1AbCdEf')).toThrow(SrpInvalidParameterError);
  });
});
