// Property: the WebCrypto client functions the browser bundle uses give exactly the bytes of the
// synchronous functions the server uses (and the interop vectors pin), for arbitrary identities.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';

import { computeClaimSignature } from './claim-signature.js';
import { computePasswordAuthenticationKey, createClientEphemeral } from './client.js';
import { createDeviceVerifier } from './device-verifier.js';
import { createPasswordVerifier, createServerEphemeral } from './server.js';
import { computeClaimSignatureAsync, computePasswordAuthenticationKeyAsync, createDeviceVerifierAsync } from './web-crypto.js';

// 3072-bit exponentiations cost ~30 ms per run: the properties using them run 20 to 30 times by
// default, which keeps the file to a few seconds (FC_NUM_RUNS raises them all).
const text = fc.string({ unit: 'binary', maxLength: 24 });
const privateBytes = fc.uint8Array({ minLength: 128, maxLength: 128 }).filter((bytes) => bytes.some((b) => b !== 0));
const saltBytes = fc.uint8Array({ minLength: 1, maxLength: 32 }).filter((bytes) => bytes.some((b) => b !== 0));
const secretBlock = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => btoa(String.fromCharCode(...bytes)));

const fixed = (...chunks: Uint8Array[]) => (n: number) => {
  const next = chunks.shift();
  if (next?.length !== n) throw new Error(`unexpected request for ${n} bytes`);
  return next;
};

describe('WebCrypto client SRP equals the synchronous SRP', () => {
  it('derives the same key and claim signature for arbitrary pools, users, passwords and salts', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, text, saltBytes, privateBytes, privateBytes, secretBlock, async (poolName, username, password, salt, a, b, block) => {
        const verifier = createPasswordVerifier({ poolName, username, password, salt });
        const server = createServerEphemeral({ verifierHex: verifier.verifierHex, randomBytes: fixed(b) });
        const client = createClientEphemeral({ randomBytes: fixed(a) });
        const input = { poolName, username, password, saltHex: verifier.saltHex, serverBHex: server.srpBHex, a: client.a, A: client.A };
        const key = await computePasswordAuthenticationKeyAsync(input);
        expect(key).toEqual(computePasswordAuthenticationKey(input));
        const claim = { key, poolName, userIdForSrp: username, secretBlockB64: block, timestamp: 'Tue Nov 3 08:05:09 UTC 2026' };
        expect(await computeClaimSignatureAsync(claim)).toBe(computeClaimSignature(claim));
      }),
      propertyRuns(25),
    );
  });

  it('creates the same device verifier from the same random bytes', async () => {
    const password = fc.uint8Array({ minLength: 40, maxLength: 40 });
    const salt = fc.uint8Array({ minLength: 16, maxLength: 16 });
    await fc.assert(
      fc.asyncProperty(text, text, password, salt, async (deviceGroupKey, deviceKey, passwordBytes, saltBytes16) => {
        const identity = { deviceGroupKey, deviceKey };
        const viaWebCrypto = await createDeviceVerifierAsync({ ...identity, randomBytes: fixed(passwordBytes, saltBytes16) });
        expect(viaWebCrypto).toEqual(createDeviceVerifier({ ...identity, randomBytes: fixed(passwordBytes, saltBytes16) }));
      }),
      propertyRuns(25),
    );
  });
});
