// Base64 without Node's Buffer (auth-core runs in browsers): Cognito's JSON carries SECRET_BLOCK,
// claim signatures and device verifiers as base64.
import { SrpInvalidParameterError } from './errors.js';

const base64Shape = /^[A-Za-z0-9+/_-]*={0,2}$/;
// String.fromCharCode takes its bytes as arguments; keep each call well below engines' argument limits.
const chunkSize = 0x2000;

/** Standard base64 (RFC 4648 alphabet, with padding) of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += chunkSize) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunkSize));
  }
  return btoa(binary);
}

/** Decodes standard or URL-safe base64 with optional padding, as Cognito's clients accept; refuses anything else. */
export function base64ToBytes(text: string, parameter = 'base64'): Uint8Array {
  const unpadded = text.replace(/=+$/, '');
  if (!base64Shape.test(text) || unpadded.length % 4 === 1) {
    throw new SrpInvalidParameterError(parameter, 'expected base64');
  }
  const standard = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
