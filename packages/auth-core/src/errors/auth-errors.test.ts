import { describe, expect, it } from 'vitest';
import { AuthError, isAuthError } from './auth-error.js';
import {
  AuthConfigError,
  AuthValidationError,
  AutoSignInException,
  CognitoServiceError,
  DeviceMetadataNotFoundException,
  InvalidOriginException,
  InvalidPreferredRedirectUrlException,
  InvalidRedirectException,
  NetworkError,
  NoSessionFoundException,
  OAuthSignInException,
  OAuthSignOutException,
  PasskeyError,
  SignInException,
  TokenRefreshException,
  UnexpectedSignInInterruptionException,
  UserAlreadyAuthenticatedException,
  UserUnAuthenticatedException,
  isCognitoServiceError,
} from './auth-errors.js';
import { AUTH_ERROR_CATALOGUE, CONFIG_ERROR_CATALOGUE, PASSKEY_ERROR_CATALOGUE, VALIDATION_ERROR_CATALOGUE } from './catalogue.js';
import { toPasskeyError } from './passkey-errors.js';

const sessionClasses = {
  UserAlreadyAuthenticatedException,
  UserUnAuthenticatedException,
  SignInException,
  UnexpectedSignInInterruptionException,
  TokenRefreshException,
  NoSessionFoundException,
  AutoSignInException,
  DeviceMetadataNotFoundException,
  InvalidRedirectException,
  InvalidPreferredRedirectUrlException,
  InvalidOriginException,
  OAuthSignOutException,
  OAuthSignInException,
  NetworkError,
};

describe('error classes', () => {
  it('give every session error its stable name, catalogue message and recovery suggestion', () => {
    for (const [name, ErrorClass] of Object.entries(sessionClasses)) {
      const error = new ErrorClass();
      const entry = AUTH_ERROR_CATALOGUE[name as keyof typeof AUTH_ERROR_CATALOGUE];
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(error.message).toBe(entry.message);
      expect(error.recoverySuggestion).toBe(entry.recoverySuggestion);
    }
  });

  it('uses the spec wording for signing in twice', () => {
    const error = new UserAlreadyAuthenticatedException();
    expect(error.message).toBe('There is already a signed in user.');
    expect(error.recoverySuggestion).toBe('Call signOut first.');
  });

  it('keeps message overrides and the underlying error (also as cause)', () => {
    const cause = new TypeError('boom');
    const error = new AutoSignInException({ message: 'The account was not confirmed on time.', underlyingError: cause });
    expect(error.message).toBe('The account was not confirmed on time.');
    expect(error.underlyingError).toBe(cause);
    expect(error.cause).toBe(cause);
    expect(error.recoverySuggestion).toBe(AUTH_ERROR_CATALOGUE.AutoSignInException.recoverySuggestion);
  });

  it('distinguishes classes with instanceof', () => {
    expect(new SignInException()).not.toBeInstanceOf(NetworkError);
    expect(isAuthError(new NetworkError(), 'NetworkError')).toBe(true);
    expect(isAuthError(new NetworkError(), 'SignInException')).toBe(false);
    expect(isAuthError(new Error('plain'))).toBe(false);
  });

  it('names validation, configuration and passkey errors by their code', () => {
    for (const code of Object.keys(VALIDATION_ERROR_CATALOGUE) as (keyof typeof VALIDATION_ERROR_CATALOGUE)[]) {
      const error = new AuthValidationError(VALIDATION_ERROR_CATALOGUE[code]);
      expect(error.name).toBe(code);
      expect(error.message).toBe(VALIDATION_ERROR_CATALOGUE[code].message);
    }
    for (const code of Object.keys(PASSKEY_ERROR_CATALOGUE) as (keyof typeof PASSKEY_ERROR_CATALOGUE)[]) {
      expect(new PasskeyError(PASSKEY_ERROR_CATALOGUE[code]).name).toBe(code);
    }
    expect(new AuthConfigError(CONFIG_ERROR_CATALOGUE.InvalidUserPoolId).message).toBe('Invalid user pool id provided.');
  });
});

describe('CognitoServiceError', () => {
  it("keeps the provider's name and message and adds the catalogue's recovery suggestion", () => {
    const error = new CognitoServiceError({
      name: 'CodeMismatchException',
      message: 'Invalid code.',
      httpStatusCode: 400,
      service: 'user-pool',
      operation: 'ConfirmSignUp',
    });
    expect(error.name).toBe('CodeMismatchException');
    expect(error.message).toBe('Invalid code.');
    expect(error.recoverySuggestion).toBe('Enter the latest code exactly as received.');
    expect(error.httpStatusCode).toBe(400);
    expect(error.operation).toBe('ConfirmSignUp');
    expect(isCognitoServiceError(error, 'CodeMismatchException')).toBe(true);
    expect(isCognitoServiceError(error, 'NotAuthorizedException')).toBe(false);
  });

  it('falls back to the catalogue message when the provider sends none, and keeps unknown names', () => {
    const known = new CognitoServiceError({ name: 'LimitExceededException', httpStatusCode: 400, service: 'user-pool', operation: 'X' });
    expect(known.message).toBe('Attempt limit exceeded, please try after some time.');
    const unknown = new CognitoServiceError({ name: 'BrandNewException', message: '', httpStatusCode: 400, service: 'user-pool', operation: 'X' });
    expect(unknown.name).toBe('BrandNewException');
    expect(unknown.message).toBe('The identity provider returned an unrecognised error.');
  });
});

describe('toPasskeyError', () => {
  const dom = (name: string) => Object.assign(new Error(name), { name });

  it.each([
    ['InvalidStateError', 'registration', 'PasskeyAlreadyExists'],
    ['NotAllowedError', 'registration', 'PasskeyRegistrationCanceled'],
    ['NotAllowedError', 'authentication', 'PasskeyAuthenticationCanceled'],
    ['AbortError', 'authentication', 'PasskeyOperationAborted'],
    ['SecurityError', 'registration', 'RelyingPartyMismatch'],
    ['NotSupportedError', 'authentication', 'PasskeyNotSupported'],
    ['UnknownError', 'registration', 'PasskeyRegistrationFailed'],
    ['InvalidStateError', 'authentication', 'PasskeyRetrievalFailed'],
  ] as const)('maps %s during %s to %s', (domName, ceremony, expected) => {
    const thrown = dom(domName);
    const error = toPasskeyError(thrown, ceremony);
    expect(error.name).toBe(expected);
    expect(error.underlyingError).toBe(thrown);
  });

  it('passes passkey errors through unchanged', () => {
    const original = new PasskeyError(PASSKEY_ERROR_CATALOGUE.PasskeyNotSupported);
    expect(toPasskeyError(original, 'registration')).toBe(original);
  });
});
