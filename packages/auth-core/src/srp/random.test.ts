import { afterEach, describe, expect, it, vi } from 'vitest';

import { SrpRandomSourceError } from './errors.js';
import { takeRandomBytes, webCryptoRandomBytes } from './random.js';

describe('webCryptoRandomBytes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills requests larger than one getRandomValues call allows', () => {
    const bytes = webCryptoRandomBytes(70_000);
    expect(bytes).toHaveLength(70_000);
    // Both halves were filled: a zero-filled tail would betray a skipped chunk.
    expect(bytes.subarray(65_536).some((b) => b !== 0)).toBe(true);
  });

  it('fails with a typed error where WebCrypto is missing', () => {
    vi.stubGlobal('crypto', undefined);
    expect(() => webCryptoRandomBytes(16)).toThrow(SrpRandomSourceError);
  });
});

describe('takeRandomBytes', () => {
  it('rejects a source that returns the wrong length or type', () => {
    expect(() => takeRandomBytes(() => new Uint8Array(3), 4)).toThrow(SrpRandomSourceError);
    expect(() => takeRandomBytes(() => [1, 2, 3, 4] as unknown as Uint8Array, 4)).toThrow(SrpRandomSourceError);
    expect(takeRandomBytes((n) => new Uint8Array(n), 4)).toHaveLength(4);
  });
});
