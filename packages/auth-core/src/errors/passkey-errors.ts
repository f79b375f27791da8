import { PasskeyError } from './auth-errors.js';
import {
  PasskeyAlreadyExists,
  PasskeyAuthenticationCanceled,
  PasskeyNotSupported,
  PasskeyOperationAborted,
  PasskeyRegistrationCanceled,
  PasskeyRegistrationFailed,
  PasskeyRetrievalFailed,
  RelyingPartyMismatch,
} from './catalogue.js';
import type { ErrorDefinition, PasskeyErrorCode } from './catalogue.js';

/** Which WebAuthn call failed. */
export type PasskeyCeremony = 'registration' | 'authentication';

type PasskeyDefinition = ErrorDefinition<PasskeyErrorCode>;

function domName(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') return error.name;
  return undefined;
}

// The DOMException names both ceremonies map alike (per the WebAuthn spec).
function commonPasskeyError(name: string | undefined): PasskeyDefinition | undefined {
  switch (name) {
    case 'AbortError':
      return PasskeyOperationAborted;
    case 'SecurityError':
      return RelyingPartyMismatch;
    case 'NotSupportedError':
      return PasskeyNotSupported;
    default:
      return undefined;
  }
}

/** Maps what navigator.credentials.get threw to a passkey error; PasskeyErrors pass through unchanged. */
export function toPasskeyAuthenticationError(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const name = domName(error);
  const definition = name === 'NotAllowedError' ? PasskeyAuthenticationCanceled : (commonPasskeyError(name) ?? PasskeyRetrievalFailed);
  return new PasskeyError(definition, { underlyingError: error });
}

/** Maps what navigator.credentials.create threw to a passkey error; PasskeyErrors pass through unchanged. */
export function toPasskeyRegistrationError(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const name = domName(error);
  // InvalidStateError: the authenticator already holds a credential from excludeCredentials.
  const definition =
    name === 'InvalidStateError'
      ? PasskeyAlreadyExists
      : name === 'NotAllowedError'
        ? PasskeyRegistrationCanceled
        : (commonPasskeyError(name) ?? PasskeyRegistrationFailed);
  return new PasskeyError(definition, { underlyingError: error });
}

/**
 * Maps what navigator.credentials.create/get threw (a DOMException named per the WebAuthn spec)
 * to the passkey error of the catalogue; PasskeyErrors pass through unchanged.
 */
export function toPasskeyError(error: unknown, ceremony: PasskeyCeremony): PasskeyError {
  return ceremony === 'registration' ? toPasskeyRegistrationError(error) : toPasskeyAuthenticationError(error);
}
