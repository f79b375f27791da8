import { describe, expect, it } from 'vitest';
import { isSealed, openPrivateJwk, sealPrivateJwk, SigningKeySecretError } from './key-encryption.js';

const SECRET = 'a-test-signing-key-secret-of-32-chars!';
const JWK = { kty: 'RSA', n: 'modulus', e: 'AQAB', d: 'private-exponent', p: 'prime-p', q: 'prime-q', kid: 'k1' };

describe('signing-key encryption', () => {
  it('seals a private JWK so that none of its secret fields can be read, and opens it again', () => {
    // Threat: a database copy or backup handing out the key that signs every token.
    const sealed = sealPrivateJwk(SECRET, 'k1', JWK);
    expect(isSealed(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toMatch(/private-exponent|prime-p|prime-q/);
    expect(openPrivateJwk(SECRET, 'k1', sealed)).toEqual(JWK);
    expect(sealPrivateJwk(SECRET, 'k1', JWK).iv).not.toBe(sealed.iv);
  });

  it('refuses another secret, another key id, and a tampered ciphertext', () => {
    // Threat: a sealed key copied onto another row, or altered, being accepted.
    const sealed = sealPrivateJwk(SECRET, 'k1', JWK);
    expect(() => openPrivateJwk(`${SECRET}x`, 'k1', sealed)).toThrow(SigningKeySecretError);
    expect(() => openPrivateJwk(SECRET, 'k2', sealed)).toThrow(SigningKeySecretError);
    const flipped = Buffer.from(sealed.ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openPrivateJwk(SECRET, 'k1', { ...sealed, ciphertext: flipped.toString('base64url') })).toThrow(SigningKeySecretError);
  });

  it('passes a plain JWK from before encryption through unchanged', () => {
    expect(isSealed(JWK)).toBe(false);
    expect(openPrivateJwk(SECRET, 'k1', JWK)).toBe(JWK);
  });
});
