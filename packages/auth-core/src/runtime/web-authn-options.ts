import { PasskeyError } from '../errors/auth-errors.js';
import { InvalidPasskeyAuthenticationOptions, InvalidPasskeyRegistrationOptions } from '../errors/catalogue.js';
import type { PasskeyCreateOptionsJson, PasskeyGetOptionsJson } from './web-authn-port.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function parseDocument(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Checks StartWebAuthnRegistration's CredentialCreationOptions (object or JSON text) has the
 * fields a ceremony needs; throws PasskeyError InvalidPasskeyRegistrationOptions otherwise.
 */
export function parsePasskeyCreateOptions(value: unknown): PasskeyCreateOptionsJson {
  const doc = parseDocument(value);
  const valid =
    isRecord(doc) &&
    isString(doc.challenge) &&
    isRecord(doc.rp) &&
    typeof doc.rp.name === 'string' &&
    isRecord(doc.user) &&
    isString(doc.user.id) &&
    typeof doc.user.name === 'string' &&
    typeof doc.user.displayName === 'string' &&
    Array.isArray(doc.pubKeyCredParams) &&
    doc.pubKeyCredParams.length > 0;
  if (!valid) throw new PasskeyError(InvalidPasskeyRegistrationOptions);
  return doc as unknown as PasskeyCreateOptionsJson;
}

/**
 * Checks a WEB_AUTHN challenge's CREDENTIAL_REQUEST_OPTIONS (object or JSON text); throws
 * PasskeyError InvalidPasskeyAuthenticationOptions otherwise.
 */
export function parsePasskeyGetOptions(value: unknown): PasskeyGetOptionsJson {
  const doc = parseDocument(value);
  const valid = isRecord(doc) && isString(doc.challenge) && (doc.allowCredentials === undefined || Array.isArray(doc.allowCredentials));
  if (!valid) throw new PasskeyError(InvalidPasskeyAuthenticationOptions);
  return doc as unknown as PasskeyGetOptionsJson;
}
