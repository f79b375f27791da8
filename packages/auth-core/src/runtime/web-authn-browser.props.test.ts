import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { base64UrlToBytes, bytesToBase64Url } from './web-authn-browser.js';

describe('base64url codec of the WebAuthn adapter', () => {
  it('round-trips arbitrary bytes through unpadded URL-safe text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = bytesToBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(base64UrlToBytes(text)).toEqual(bytes);
      }),
      propertyRuns(),
    );
  });
});
