import { describe, expect, it } from 'vitest';
import { bytesToBase64Url } from '../runtime/web-authn-browser.js';
import { CODE_VERIFIER_BYTES, codeChallengeS256, createCodeVerifier } from './pkce.js';

// RFC 7636 appendix B: the example's 32 random octets, their code_verifier and its S256 code_challenge.
const RFC7636_OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
];
const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC7636_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256(RFC7636_VERIFIER)).toBe(RFC7636_CHALLENGE);
  });

  it('writes verifier bytes the way RFC 7636 appendix B does (base64url, no padding)', () => {
    expect(bytesToBase64Url(new Uint8Array(RFC7636_OCTETS))).toBe(RFC7636_VERIFIER);
  });

  it('makes a 128-character verifier of unreserved characters from 96 random bytes', () => {
    const asked: number[] = [];
    const verifier = createCodeVerifier((length) => {
      asked.push(length);
      return new Uint8Array(length).map((_, i) => (i * 37) % 256);
    });
    expect(asked).toEqual([CODE_VERIFIER_BYTES]);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{128}$/);
  });

  it('refuses a random source that returns the wrong number of bytes', () => {
    expect(() => createCodeVerifier(() => new Uint8Array(10))).toThrow(expect.objectContaining({ name: 'SrpRandomSourceError' }) as Error);
  });
});
