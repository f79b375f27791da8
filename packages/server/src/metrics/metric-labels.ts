// Label values from closed sets. Whatever a caller sends (a flow name, a grant type, a method), the
// label is one of the values listed in metrics.ts, so a scrape can never carry a username, an id or
// a token, and the number of series stays bounded.
import { isServiceError } from '../errors/catalogue.js';
import { ATTEMPTS_EXCEEDED } from '../user-pool/auth/flows/password-check.js';
import { WRONG_CREDENTIALS } from '../user-pool/auth/sign-in/user-gate.js';
import { GRANT_OUTCOMES, GRANT_TYPES, MFA_FAILURE_KINDS, type FailureReason, type GrantOutcome, type GrantTypeLabel, type LockoutKind, type MfaFailureKind, type SignInFlow } from './metrics.js';

const API_FLOWS: ReadonlySet<string> = new Set(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'CUSTOM_AUTH', 'USER_AUTH', 'REFRESH_TOKEN_AUTH', 'ADMIN_USER_PASSWORD_AUTH']);

/**
 * The flow label of an (Admin)InitiateAuth AuthFlow value (REFRESH_TOKEN is REFRESH_TOKEN_AUTH's
 * alias, ADMIN_NO_SRP_AUTH ADMIN_USER_PASSWORD_AUTH's); "unknown" for anything else.
 */
export function signInFlowLabel(flow: unknown): SignInFlow {
  if (flow === 'REFRESH_TOKEN') return 'REFRESH_TOKEN_AUTH';
  if (flow === 'ADMIN_NO_SRP_AUTH') return 'ADMIN_USER_PASSWORD_AUTH';
  return typeof flow === 'string' && API_FLOWS.has(flow) ? (flow as SignInFlow) : 'unknown';
}

const BY_NAME: Readonly<Record<string, FailureReason>> = {
  UserNotFoundException: 'wrong_credentials',
  TooManyFailedAttemptsException: 'locked_out',
  CodeMismatchException: 'wrong_code',
  ExpiredCodeException: 'wrong_code',
  UserNotConfirmedException: 'user_state',
  PasswordResetRequiredException: 'user_state',
  RefreshTokenReuseException: 'token_reused',
  TooManyRequestsException: 'rate_limited',
  LimitExceededException: 'rate_limited',
  InvalidParameterException: 'invalid_request',
  ResourceNotFoundException: 'invalid_request',
  SerializationException: 'invalid_request',
  InternalErrorException: 'internal',
};

/** NotAuthorizedException says several things; its message tells which (the messages are the server's own, not the caller's). */
function notAuthorizedReason(message: string): FailureReason {
  if (message === ATTEMPTS_EXCEEDED) return 'locked_out';
  if (message === WRONG_CREDENTIALS || message === 'The passkey could not be verified.') return 'wrong_credentials';
  if (message.startsWith('Invalid session')) return 'session_expired';
  if (message === 'User is disabled.' || message.startsWith('Temporary password has expired')) return 'user_state';
  if (/refresh token/i.test(message)) return 'token_refused';
  return 'not_authorized';
}

/** The failure class of an error a sign-in step threw (anything that is not a catalogued error is "internal"). */
export function signInFailureReason(error: unknown): FailureReason {
  if (!isServiceError(error)) return 'internal';
  if (error.name === 'NotAuthorizedException') return notAuthorizedReason(error.message);
  return BY_NAME[error.name] ?? 'other';
}

/** Which lockout a failure class is: the password's ("Password attempts exceeded") or the codes' (TooManyFailedAttemptsException); undefined when it is none. */
export function lockoutKindOf(error: unknown): LockoutKind | undefined {
  if (isServiceError(error, 'TooManyFailedAttemptsException')) return 'mfa';
  if (isServiceError(error, 'NotAuthorizedException') && error.message === ATTEMPTS_EXCEEDED) return 'password';
  return undefined;
}

/** The MFA failure kind of an answered challenge name; undefined for challenges that are not a code. */
export function mfaFailureKind(challengeName: unknown): MfaFailureKind | undefined {
  return MFA_FAILURE_KINDS.find((kind) => kind === challengeName);
}

/** The grant-type label of a /oauth2/token form body. */
export function grantTypeLabel(body: unknown): GrantTypeLabel {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).grant_type : undefined;
  if (value === undefined || value === '') return 'none';
  return GRANT_TYPES.find((type) => type === value && type !== 'none' && type !== 'other') ?? 'other';
}

/** The outcome label of an OAuth error code ("server_error" for anything not in the list). */
export function grantOutcomeLabel(code: string): GrantOutcome {
  return GRANT_OUTCOMES.find((outcome) => outcome === code) ?? 'server_error';
}

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method label: the usual methods, "other" for the rest Node's parser accepts. */
export function httpMethodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other';
}
