import { PasskeyError } from './auth-errors.js';

/** Which WebAuthn call failed. */
export type PasskeyCeremony = 'registration' | 'authentication';

function domName(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') return error.name;
  return undefined;
}

/**
 * Maps what navigator.credentials.create/get threw (a DOMException named per the WebAuthn spec)
 * to the passkey error of the catalogue; PasskeyErrors pass through unchanged.
 */
export function toPasskeyError(error: unknown, ceremony: PasskeyCeremony): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const underlyingError = error;
  switch (domName(error)) {
    case 'InvalidStateError':
      // The authenticator already holds a credential from excludeCredentials.
      if (ceremony === 'registration') return new PasskeyError('PasskeyAlreadyExists', { underlyingError });
      break;
    case 'NotAllowedError':
      return new PasskeyError(ceremony === 'registration' ? 'PasskeyRegistrationCanceled' : 'PasskeyAuthenticationCanceled', {
        underlyingError,
      });
    case 'AbortError':
      return new PasskeyError('PasskeyOperationAborted', { underlyingError });
    case 'SecurityError':
      return new PasskeyError('RelyingPartyMismatch', { underlyingError });
    case 'NotSupportedError':
      return new PasskeyError('PasskeyNotSupported', { underlyingError });
    default:
      break;
  }
  return new PasskeyError(ceremony === 'registration' ? 'PasskeyRegistrationFailed' : 'PasskeyRetrievalFailed', { underlyingError });
}
