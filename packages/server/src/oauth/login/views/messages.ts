// What the hosted login page says when something goes wrong: the words of the spec's error
// catalogue as Steward's own sign-in screens put them (packages/web/src/auth/error-messages.ts, the
// same sentences, kept here because the server does not import the web app), so a person reads the
// same message on either page.
import { isServiceError } from '../../../errors/catalogue.js';

/** A line above a form: an error (role="alert") or a status. */
export interface Notice {
  readonly kind: 'error' | 'status';
  readonly message: string;
  readonly detail?: string;
  /** The field it concerns ('form' for the whole step). */
  readonly field?: NoticeField;
}

/** Fields a message can belong to. */
export type NoticeField = 'username' | 'password' | 'newPassword' | 'code' | 'email' | 'attributes' | 'form';

const TRY_AGAIN_LATER = 'Wait a few minutes, then try again.';
const SETUP_PROBLEM = 'Steward is not set up correctly for signing in. Please tell your administrator.';
const PASSKEY_UNAVAILABLE = 'Use another way to sign in, such as your password.';

type Entry = Omit<Notice, 'kind'>;

/** Words for a field left empty. */
export const EMPTY_FIELD = {
  signInUsername: { field: 'username', message: 'Enter your username or email address.' },
  signInPassword: { field: 'password', message: 'Enter your password.' },
  signUpUsername: { field: 'username', message: 'Choose a username.' },
  signUpPassword: { field: 'password', message: 'Choose a password.' },
  signUpEmail: { field: 'email', message: 'Enter your email address.' },
  confirmSignUpCode: { field: 'code', message: 'Enter the confirmation code we sent you.' },
  resetUsername: { field: 'username', message: 'Enter your username or email address.' },
  resetCode: { field: 'code', message: 'Enter the code we sent you.' },
  newPassword: { field: 'newPassword', message: 'Choose a new password.' },
  passwordsDiffer: { field: 'newPassword', message: 'The two passwords are not the same.' },
  code: { field: 'code', message: 'Enter the code.' },
  totpSetupCode: { field: 'code', message: 'Enter the 6-digit code your authenticator app shows.' },
  mfaChoice: { field: 'form', message: 'Choose text message, authenticator app or email.' },
  firstFactorChoice: { field: 'form', message: 'Choose a way to sign in.' },
  setupChoice: { field: 'form', message: 'Choose an authenticator app or email, or enter the code or email address asked for.' },
} as const satisfies Record<string, Entry>;

/** The error notice for an empty or wrong field. */
export function fieldError(entry: Entry): Notice {
  return { kind: 'error', ...entry };
}

/** Provider error names with words of ours (the rest keep the provider's own message). */
const PROVIDER_MESSAGES: Readonly<Record<string, Entry>> = {
  UserNotFoundException: { field: 'username', message: 'Incorrect username or password.' },
  UserNotConfirmedException: { field: 'form', message: 'Your account is not confirmed yet.', detail: 'Enter the confirmation code we sent you.' },
  PasswordResetRequiredException: { field: 'form', message: 'You need to choose a new password before signing in.' },
  CodeMismatchException: { field: 'code', message: 'That code is not right. Check it and try again.' },
  ExpiredCodeException: { field: 'code', message: 'That code has expired.', detail: 'Ask for a new code and try again.' },
  CodeDeliveryFailureException: { field: 'form', message: 'We could not send you a code.', detail: 'Check your email address or phone number, then try again later.' },
  LimitExceededException: { field: 'form', message: 'Too many attempts.', detail: TRY_AGAIN_LATER },
  TooManyRequestsException: { field: 'form', message: 'Too many requests at once.', detail: 'Wait a moment, then try again.' },
  TooManyFailedAttemptsException: { field: 'form', message: 'Too many failed attempts.', detail: TRY_AGAIN_LATER },
  InvalidPasswordException: {
    field: 'newPassword',
    message: 'This password does not meet the requirements.',
    detail: 'Use at least 8 characters with a lowercase and an uppercase letter, a number and a symbol.',
  },
  PasswordHistoryPolicyViolationException: { field: 'newPassword', message: 'You used this password recently. Choose a different one.' },
  UsernameExistsException: { field: 'username', message: 'That username is already taken.', detail: 'Choose another one, or sign in if it is yours.' },
  AliasExistsException: { field: 'email', message: 'An account already uses this email address or phone number.' },
  MFAMethodNotFoundException: { field: 'form', message: 'No second sign-in step is set up for your account.', detail: 'Please tell your administrator.' },
  SoftwareTokenMFANotFoundException: { field: 'form', message: 'No authenticator app is set up for your account.' },
  EnableSoftwareTokenMFAException: { field: 'code', message: 'That code from your authenticator app is not right.', detail: 'Enter the code the app shows now.' },
  InvalidUserPoolConfigurationException: { field: 'form', message: SETUP_PROBLEM },
  UnauthorizedException: { field: 'form', message: SETUP_PROBLEM },
  ResourceNotFoundException: { field: 'form', message: SETUP_PROBLEM },
  ForbiddenException: { field: 'form', message: 'The request was blocked.', detail: TRY_AGAIN_LATER },
  InternalErrorException: { field: 'form', message: 'The sign-in service had a problem.', detail: TRY_AGAIN_LATER },
  WebAuthnNotEnabledException: { field: 'form', message: 'Passkeys are not turned on for Steward.', detail: PASSKEY_UNAVAILABLE },
  WebAuthnConfigurationMissingException: { field: 'form', message: 'Passkeys are not set up for Steward.', detail: PASSKEY_UNAVAILABLE },
  WebAuthnChallengeNotFoundException: { field: 'form', message: 'The passkey request expired.', detail: 'Start again.' },
  WebAuthnOriginNotAllowedException: { field: 'form', message: 'This passkey belongs to a different website address.', detail: PASSKEY_UNAVAILABLE },
};

/** The sign-in ran out of time (its challenge session expired or was used up): start again. */
export const SIGN_IN_EXPIRED: Notice = { kind: 'error', field: 'form', message: 'This sign-in took too long.', detail: 'Please start again with your username and password.' };

/** A form older than the browser's CSRF cookie, or posted from elsewhere. */
export const FORM_EXPIRED: Notice = { kind: 'error', field: 'form', message: 'This page has expired.', detail: 'Please start again with your username and password.' };

/** The browser's device found no passkey, or the person cancelled. */
export const PASSKEY_NOT_FOUND: Notice = { kind: 'error', field: 'form', message: 'Your device could not find a passkey for this account.', detail: PASSKEY_UNAVAILABLE };

// NotAuthorizedException covers several situations; the provider's message tells them apart.
function notAuthorized(message: string): Entry {
  const text = message.toLowerCase();
  if (text.includes('attempts exceeded')) return { field: 'form', message: 'Too many wrong passwords.', detail: TRY_AGAIN_LATER };
  if (text.includes('disabled')) return { field: 'form', message: 'This account is disabled.', detail: 'Please contact your administrator.' };
  if (text.includes('session') && (text.includes('expired') || text.includes('invalid'))) return { field: 'form', message: SIGN_IN_EXPIRED.message, detail: SIGN_IN_EXPIRED.detail ?? '' };
  if (text.includes('passkey')) return { field: 'form', message: 'This passkey could not be verified.', detail: 'Use a passkey saved for this account, or another way to sign in.' };
  if (text.includes('temporary password') && text.includes('expired')) return { field: 'password', message: 'Your temporary password has expired.', detail: 'Ask your administrator for a new one.' };
  return { field: 'password', message: 'Incorrect username or password.' };
}

/** The words for an error of a user-pool operation (or anything else) on a hosted page. */
export function describeError(error: unknown): Notice {
  if (!isServiceError(error)) return { kind: 'error', field: 'form', message: 'Authentication Error: something went wrong.', detail: TRY_AGAIN_LATER };
  if (error.name === 'NotAuthorizedException') return { kind: 'error', ...notAuthorized(error.message) };
  const entry = PROVIDER_MESSAGES[error.name];
  if (entry !== undefined) return { kind: 'error', ...entry };
  if (error.name === 'InvalidParameterException') return { kind: 'error', field: 'form', message: 'Some of the details entered are not valid.', detail: error.message };
  return { kind: 'error', field: 'form', message: error.message === '' ? 'Authentication Error: something went wrong.' : error.message };
}

/** True when the error means the sign-in's challenge session is over (start again from the password). */
export function endsSignIn(error: unknown): boolean {
  if (!isServiceError(error)) return false;
  const text = error.message.toLowerCase();
  return error.name === 'NotAuthorizedException' && text.includes('session') && (text.includes('expired') || text.includes('invalid'));
}
