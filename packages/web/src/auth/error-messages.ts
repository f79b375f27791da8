// Every error a sign-in, sign-up, reset or account screen can meet (spec section 8), in words a
// person understands, with the field it concerns so the screen can show it next to that field.
import type { AuthErrorCode } from '@steward/auth-core';

/** Which input an error belongs to; 'form' means the whole step. */
export type ErrorField = 'username' | 'password' | 'newPassword' | 'oldPassword' | 'code' | 'email' | 'phone' | 'givenName' | 'familyName' | 'attributes' | 'form';

/** A message ready to show. */
export interface FriendlyError {
  /** Stable name of the underlying error (for tests and logs). */
  name: string;
  field: ErrorField;
  message: string;
  /** What to do next, when the message alone does not say. */
  detail?: string;
}

type Entry = Omit<FriendlyError, 'name'>;

/** A problem a screen finds in its own fields before calling auth-core (two passwords differ, an empty email). */
export class FieldProblem extends Error {
  override readonly name = 'FieldProblem';
  readonly field: ErrorField;

  constructor(field: ErrorField, message: string) {
    super(message);
    this.field = field;
  }
}

const TRY_AGAIN_LATER = 'Wait a few minutes, then try again.';
const SETUP_PROBLEM = 'Steward is not set up correctly for signing in. Please tell your administrator.';
const PASSKEY_UNAVAILABLE = 'Use another way to sign in, such as your password.';

/** auth-core's own error names. */
const AUTH_CORE_MESSAGES: Record<AuthErrorCode, Entry> = {
  UserAlreadyAuthenticatedException: { field: 'form', message: 'You are already signed in.', detail: 'Sign out first to use another account.' },
  UserUnAuthenticatedException: { field: 'form', message: 'Please use your credentials to sign in.' },
  SignInException: { field: 'form', message: 'This sign-in was interrupted or took too long.', detail: 'Please start again with your username and password.' },
  UnexpectedSignInInterruptionException: {
    field: 'form',
    message: 'You were signed in, but your session could not be saved in this browser.',
    detail: 'Allow this site to store data, then sign in again.',
  },
  TokenRefreshException: { field: 'form', message: 'Your session can no longer be renewed.', detail: 'Please sign in again.' },
  NoSessionFoundException: { field: 'form', message: 'Please use your credentials to sign in.' },
  AutoSignInException: { field: 'form', message: 'We could not sign you in automatically.', detail: 'Please sign in with your username and password.' },
  DeviceMetadataNotFoundException: { field: 'form', message: 'This browser lost what it remembered about your device.', detail: 'Please sign in again.' },
  InvalidRedirectException: { field: 'form', message: 'Signing out could not finish because its return address is not set up.', detail: 'You are signed out on this device. Please tell your administrator.' },
  InvalidPreferredRedirectUrlException: { field: 'form', message: 'Signing out could not finish because its return address is not allowed.', detail: 'You are signed out on this device. Please tell your administrator.' },
  InvalidOriginException: { field: 'form', message: 'Signing out could not return to this address.', detail: 'You are signed out on this device. Please tell your administrator.' },
  OAuthSignInException: { field: 'form', message: 'Signing in on the hosted page did not finish.', detail: 'Please try again, or sign in here with your username and password.' },
  OAuthNotConfigureException: { field: 'form', message: SETUP_PROBLEM },
  OAuthSignOutException: { field: 'form', message: 'You are signed out here, but the sign-in service could not be reached to finish.', detail: 'Close the browser to be sure.' },
  NetworkError: { field: 'form', message: 'Network Error: Steward cannot reach the server.', detail: 'Check your connection and try again.' },
  AuthUserPoolException: { field: 'form', message: SETUP_PROBLEM },
  InvalidUserPoolId: { field: 'form', message: SETUP_PROBLEM },
  InvalidIdentityPoolIdException: { field: 'form', message: SETUP_PROBLEM },
  InvalidAuthConfigException: { field: 'form', message: SETUP_PROBLEM },
  EmptySignInUsername: { field: 'username', message: 'Enter your username or email address.' },
  EmptySignInPassword: { field: 'password', message: 'Enter your password.' },
  CustomAuthSignInPassword: { field: 'password', message: 'This way of signing in does not use a password. Leave the password empty.' },
  EmptySignUpUsername: { field: 'username', message: 'Choose a username.' },
  EmptySignUpPassword: { field: 'password', message: 'Choose a password.' },
  EmptyConfirmSignUpUsername: { field: 'username', message: 'Enter the username you signed up with.' },
  EmptyConfirmSignUpCode: { field: 'code', message: 'Enter the confirmation code we sent you.' },
  EmptyresendSignUpCodeUsername: { field: 'username', message: 'Enter the username you signed up with, so we know where to send the code.' },
  EmptyChallengeResponse: { field: 'code', message: 'Enter the code.' },
  EmptyConfirmResetPasswordUsername: { field: 'username', message: 'Enter your username or email address.' },
  EmptyConfirmResetPasswordNewPassword: { field: 'newPassword', message: 'Choose a new password.' },
  EmptyConfirmResetPasswordConfirmationCode: { field: 'code', message: 'Enter the code we sent you.' },
  EmptyResetPasswordUsername: { field: 'username', message: 'Enter your username or email address.' },
  EmptyVerifyTOTPSetupCode: { field: 'code', message: 'Enter the 6-digit code your authenticator app shows.' },
  EmptyConfirmUserAttributeCode: { field: 'code', message: 'Enter the verification code we sent you.' },
  EmptyUpdatePassword: { field: 'oldPassword', message: 'Enter both your current password and a new one.' },
  IncorrectMFAMethod: { field: 'form', message: 'Choose text message, authenticator app or email.' },
  IncorrectMFASetupAnswer: { field: 'form', message: 'Choose an authenticator app or email, or enter the code or email address asked for.' },
  InvalidPreferredChallenge: { field: 'form', message: 'That way of signing in is not available.', detail: 'Choose another one.' },
  // auth-core's client-side refusal under a configured passwordFormat: the same words as the pool's refusal.
  InvalidPasswordException: { field: 'password', message: 'This password does not meet the requirements.', detail: 'Use at least 8 characters with a lowercase and an uppercase letter, a number and a symbol.' },
  PasskeyNotSupported: { field: 'form', message: 'This browser or device cannot use passkeys.', detail: PASSKEY_UNAVAILABLE },
  PasskeyAlreadyExists: { field: 'form', message: 'This device already holds a passkey for your account.' },
  InvalidPasskeyRegistrationOptions: { field: 'form', message: 'Passkeys are not set up correctly for Steward.', detail: 'Please tell your administrator.' },
  InvalidPasskeyAuthenticationOptions: { field: 'form', message: 'Passkeys are not set up correctly for Steward.', detail: PASSKEY_UNAVAILABLE },
  RelyingPartyMismatch: { field: 'form', message: 'This passkey belongs to a different website address.', detail: PASSKEY_UNAVAILABLE },
  PasskeyRegistrationFailed: { field: 'form', message: 'Your device could not create a passkey.', detail: 'Try again, or use another device.' },
  PasskeyRetrievalFailed: { field: 'form', message: 'Your device could not find a passkey for this account.', detail: PASSKEY_UNAVAILABLE },
  PasskeyRegistrationCanceled: { field: 'form', message: 'Passkey creation was cancelled.' },
  PasskeyAuthenticationCanceled: { field: 'form', message: 'Passkey sign-in was cancelled.', detail: 'Try again, or use another way to sign in.' },
  PasskeyOperationAborted: { field: 'form', message: 'The passkey request was stopped.', detail: 'Try again.' },
};

/**
 * Provider (Cognito) names with a message of ours; the rest keep the provider's own words. Keyed by
 * plain strings: the provider may send names auth-core's catalogue does not list.
 */
const PROVIDER_MESSAGES: Readonly<Record<string, Entry>> = {
  NotAuthorizedException: { field: 'password', message: 'Incorrect username or password.' },
  UserNotFoundException: { field: 'username', message: 'Incorrect username or password.' },
  UserNotConfirmedException: { field: 'form', message: 'Your account is not confirmed yet.', detail: 'Enter the confirmation code we sent you.' },
  PasswordResetRequiredException: { field: 'form', message: 'You need to choose a new password before signing in.' },
  CodeMismatchException: { field: 'code', message: 'That code is not right. Check it and try again.' },
  ExpiredCodeException: { field: 'code', message: 'That code has expired.', detail: 'Ask for a new code and try again.' },
  CodeDeliveryFailureException: { field: 'form', message: 'We could not send you a code.', detail: 'Check your email address or phone number, then try again later.' },
  LimitExceededException: { field: 'form', message: 'Too many attempts.', detail: TRY_AGAIN_LATER },
  TooManyRequestsException: { field: 'form', message: 'Too many requests at once.', detail: 'Wait a moment, then try again.' },
  TooManyFailedAttemptsException: { field: 'form', message: 'Too many failed attempts.', detail: TRY_AGAIN_LATER },
  InvalidPasswordException: { field: 'password', message: 'This password does not meet the requirements.', detail: 'Use at least 8 characters with a lowercase and an uppercase letter, a number and a symbol.' },
  PasswordHistoryPolicyViolationException: { field: 'newPassword', message: 'You used this password recently. Choose a different one.' },
  UsernameExistsException: { field: 'username', message: 'That username is already taken.', detail: 'Choose another one, or sign in if it is yours.' },
  AliasExistsException: { field: 'email', message: 'An account already uses this email address or phone number.' },
  MFAMethodNotFoundException: { field: 'form', message: 'No second sign-in step is set up for your account.', detail: 'Please tell your administrator.' },
  SoftwareTokenMFANotFoundException: { field: 'form', message: 'No authenticator app is set up for your account.' },
  EnableSoftwareTokenMFAException: { field: 'code', message: 'That code from your authenticator app is not right.', detail: 'Enter the code the app shows now.' },
  InvalidUserPoolConfigurationException: { field: 'form', message: SETUP_PROBLEM },
  UnauthorizedException: { field: 'form', message: SETUP_PROBLEM },
  ForbiddenException: { field: 'form', message: 'The request was blocked.', detail: TRY_AGAIN_LATER },
  InternalErrorException: { field: 'form', message: 'The sign-in service had a problem.', detail: TRY_AGAIN_LATER },
  RefreshTokenReuseException: { field: 'form', message: 'Your session ended.', detail: 'Please sign in again.' },
  WebAuthnNotEnabledException: { field: 'form', message: 'Passkeys are not turned on for Steward.', detail: PASSKEY_UNAVAILABLE },
  WebAuthnConfigurationMissingException: { field: 'form', message: 'Passkeys are not set up for Steward.', detail: PASSKEY_UNAVAILABLE },
  WebAuthnChallengeNotFoundException: { field: 'form', message: 'The passkey request expired.', detail: 'Start again.' },
  UnknownError: { field: 'form', message: 'Something went wrong while signing in.', detail: TRY_AGAIN_LATER },
};

const PASSKEY_REFUSED: Entry = { field: 'form', message: 'This passkey could not be verified.', detail: 'Use a passkey saved for this account, or another way to sign in.' };

/** True for the server's refusal of a passkey assertion: the sign-in session stays open, so the person may try again. */
export function isPasskeyRefusal(error: FriendlyError): boolean {
  return error.name === 'NotAuthorizedException' && error.message === PASSKEY_REFUSED.message;
}

// NotAuthorizedException covers several situations; the provider's message tells them apart.
function notAuthorized(message: string): Entry {
  const text = message.toLowerCase();
  if (text.includes('attempts exceeded')) return { field: 'form', message: 'Too many wrong passwords.', detail: TRY_AGAIN_LATER };
  if (text.includes('disabled')) return { field: 'form', message: 'This account is disabled.', detail: 'Please contact your administrator.' };
  if (text.includes('session') && (text.includes('expired') || text.includes('invalid'))) {
    return { field: 'form', message: 'This sign-in took too long.', detail: 'Please start again with your username and password.' };
  }
  if (text.includes('revoked') || text.includes('token')) return { field: 'form', message: 'Your session ended.', detail: 'Please sign in again.' };
  // A refused passkey (not this account's, or its signature failed) says nothing about a password.
  if (text.includes('passkey')) return PASSKEY_REFUSED;
  if (text.includes('temporary password') && text.includes('expired')) {
    return { field: 'password', message: 'Your temporary password has expired.', detail: 'Ask your administrator for a new one.' };
  }
  return { field: 'password', message: 'Incorrect username or password.' };
}

function errorName(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') return error.name;
  return 'Error';
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
}

function has<K extends string>(record: Partial<Record<K, Entry>>, key: string): key is K {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** The words to show for any error thrown by auth-core (or anything else) on an auth screen. */
export function describeAuthError(error: unknown): FriendlyError {
  if (error instanceof FieldProblem) return { name: error.name, field: error.field, message: error.message };
  const name = errorName(error);
  const message = errorMessage(error);
  if (name === 'NotAuthorizedException') return { name, ...notAuthorized(message) };
  if (has(AUTH_CORE_MESSAGES, name)) return { name, ...AUTH_CORE_MESSAGES[name] };
  if (has(PROVIDER_MESSAGES, name)) {
    const entry = PROVIDER_MESSAGES[name];
    if (entry !== undefined) return { name, ...entry };
  }
  if (name === 'InvalidParameterException') {
    return { name, field: 'form', message: 'Some of the details entered are not valid.', ...(message === '' ? {} : { detail: message }) };
  }
  if (error instanceof TypeError && /fetch|network/i.test(message)) {
    return { name: 'NetworkError', ...AUTH_CORE_MESSAGES.NetworkError };
  }
  // A provider name we have no words for: its own message is written for people.
  if (name.endsWith('Exception') && message !== '') return { name, field: 'form', message };
  return { name, field: 'form', message: 'Authentication Error: something went wrong.', detail: TRY_AGAIN_LATER };
}

/** The error for one field when it belongs there, else undefined (for TextField's `error`). */
export function errorFor(error: FriendlyError | null, field: ErrorField | readonly ErrorField[]): string | undefined {
  if (error === null) return undefined;
  const fields: readonly ErrorField[] = typeof field === 'string' ? [field] : field;
  return fields.includes(error.field) ? error.message : undefined;
}
