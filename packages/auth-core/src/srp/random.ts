import { SrpRandomSourceError } from './errors.js';

/** A source of cryptographically secure random bytes (injected so tests can fix them). */
export type RandomBytes = (length: number) => Uint8Array;

// getRandomValues refuses more than 65536 bytes per call.
const maxBytesPerCall = 65_536;

/** Random bytes from WebCrypto's `globalThis.crypto.getRandomValues` (browsers and Node >= 20). */
export const webCryptoRandomBytes: RandomBytes = (length) => {
  const webCrypto = (globalThis as { crypto?: Pick<Crypto, 'getRandomValues'> }).crypto;
  if (webCrypto === undefined || typeof webCrypto.getRandomValues !== 'function') {
    throw new SrpRandomSourceError('globalThis.crypto.getRandomValues is not available');
  }
  const bytes = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += maxBytesPerCall) {
    webCrypto.getRandomValues(bytes.subarray(offset, Math.min(length, offset + maxBytesPerCall)));
  }
  return bytes;
};

/** Calls `randomBytes` and checks it returned exactly `length` bytes. */
export function takeRandomBytes(randomBytes: RandomBytes, length: number): Uint8Array {
  const bytes = randomBytes(length);
  if (!(bytes instanceof Uint8Array) || bytes.length !== length) {
    throw new SrpRandomSourceError(`expected ${length} random bytes`);
  }
  return bytes;
}
