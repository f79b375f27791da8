import { describe, expect, it } from 'vitest';
import { verifySigV4 } from './sigv4.js';

/** The name of the error `fn` throws ('no error' when it returns). */
function thrownName(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).name;
  }
  return 'no error';
}

// The "get-vanilla" case of AWS's published Signature Version 4 test suite.
const credential = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const signedAt = new Date(Date.UTC(2015, 7, 30, 12, 36, 0));
const vanilla = {
  method: 'GET',
  url: '/',
  body: '',
  headers: {
    host: 'example.amazonaws.com',
    'x-amz-date': '20150830T123600Z',
    authorization:
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
  },
};

describe('verifySigV4', () => {
  it('accepts the AWS test-suite request signed with the example key', () => {
    expect(verifySigV4(vanilla, credential, signedAt)).toBe('AKIDEXAMPLE');
  });

  it('refuses the same request with another body, host or secret', () => {
    // Threat: replaying a captured admin signature on a different request.
    expect(thrownName(() => verifySigV4({ ...vanilla, body: '{}' }, credential, signedAt))).toBe('InvalidSignatureException');
    expect(thrownName(() => verifySigV4({ ...vanilla, headers: { ...vanilla.headers, host: 'evil.example' } }, credential, signedAt))).toBe('InvalidSignatureException');
    expect(thrownName(() => verifySigV4(vanilla, { ...credential, secretAccessKey: 'other' }, signedAt))).toBe('InvalidSignatureException');
  });

  it('refuses a signature older than 15 minutes', () => {
    // Threat: replay of an old signed request.
    expect(() => verifySigV4(vanilla, credential, new Date(signedAt.getTime() + 16 * 60_000))).toThrow('Signature expired.');
  });

  it('names the failure: no signature, another key, malformed header', () => {
    expect(thrownName(() => verifySigV4({ ...vanilla, headers: { host: 'x' } }, credential, signedAt))).toBe('MissingAuthenticationTokenException');
    expect(thrownName(() => verifySigV4(vanilla, { ...credential, accessKeyId: 'AKIDOTHER' }, signedAt))).toBe('UnrecognizedClientException');
    expect(thrownName(() => verifySigV4({ ...vanilla, headers: { ...vanilla.headers, authorization: 'AWS4-HMAC-SHA256 nonsense' } }, credential, signedAt))).toBe('InvalidSignatureException');
    expect(thrownName(() => verifySigV4({ ...vanilla, url: '/%E0%A4%A' }, credential, signedAt))).toBe('InvalidSignatureException');
  });
});
