// u = H(PAD(A) | PAD(B)) cannot be steered to 0 without a SHA-256 preimage, so this file replaces
// computeU to reach the check; both halves must refuse to continue.
import { describe, expect, it, vi } from 'vitest';

import { SrpInvalidEphemeralError } from './errors.js';
import type * as KeyDerivation from './key-derivation.js';

vi.mock('./key-derivation.js', async (importOriginal) => ({
  ...(await importOriginal<typeof KeyDerivation>()),
  computeU: () => 0n,
}));

const { computeClientEphemeral, computePasswordAuthenticationKey } = await import('./client.js');
const { computeServerPasswordKey, createPasswordVerifier, createServerEphemeral } = await import('./server.js');

/** Runs `run` and returns what it threw (fails the test if it returned). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('u = 0', () => {
  // Threat: with u = 0 the verifier drops out of S, so an attacker who knows a verifier-free S could impersonate.
  it('is rejected by the client', () => {
    const client = computeClientEphemeral(5n);
    const error = thrown(() =>
      computePasswordAuthenticationKey({ poolName: 'p', username: 'u', password: 'x', saltHex: '01', serverBHex: '1234', a: client.a, A: client.A }),
    );
    expect(error).toBeInstanceOf(SrpInvalidEphemeralError);
    expect((error as SrpInvalidEphemeralError).value).toBe('u');
  });

  it('is rejected by the server', () => {
    const { verifierHex } = createPasswordVerifier({ poolName: 'p', username: 'u', password: 'x', salt: new Uint8Array([1]) });
    const server = createServerEphemeral({ verifierHex });
    const error = thrown(() => computeServerPasswordKey({ clientAHex: '1234', b: server.b, B: server.B, verifierHex }));
    expect(error).toBeInstanceOf(SrpInvalidEphemeralError);
    expect((error as SrpInvalidEphemeralError).value).toBe('u');
  });
});
