import { AuthError } from './auth-error.js';
import type { AuthErrorMetadata, AuthErrorOptions } from './auth-error.js';
// A namespace import because the session definitions share their classes' names; bundlers still
// keep only the definitions used.
import * as catalogue from './catalogue.js';
import { COGNITO_ERROR_CATALOGUE, cognitoCatalogueEntry } from './catalogue.js';
import type {
  AuthValidationErrorCode,
  ConfigErrorCode,
  ErrorDefinition,
  PasskeyErrorCode,
  SessionErrorCode,
} from './catalogue.js';

// Each class is built from a definition, so a bundle pulls in only the messages it can throw.
function paramsFor(entry: ErrorDefinition, options: AuthErrorOptions) {
  return {
    name: entry.name,
    message: options.message ?? entry.message,
    recoverySuggestion: options.recoverySuggestion ?? entry.recoverySuggestion,
    underlyingError: options.underlyingError,
  };
}

/** An instance of one of the session error classes below: an AuthError whose `name` is its code. */
export interface SessionError<C extends SessionErrorCode> extends AuthError {
  name: C;
}

/**
 * The constructor side of a session error class. Declared rather than inferred: the inferred type of a
 * class expression copies Error's static side as the compiler sees it, and with @types/node loaded that
 * includes Node's `captureStackTrace` and `prepareStackTrace` (typed with Node's global namespace), which
 * then reached the published .d.ts and broke consumers without @types/node.
 */
export interface SessionErrorClass<C extends SessionErrorCode> {
  new (options?: AuthErrorOptions): SessionError<C>;
  readonly prototype: SessionError<C>;
}

// One class per session code so callers can use `instanceof` as well as `name`.
function sessionErrorClass<C extends SessionErrorCode>(definition: ErrorDefinition<C>): SessionErrorClass<C> {
  return class extends AuthError {
    declare name: C;
    constructor(options: AuthErrorOptions = {}) {
      super(paramsFor(definition, options));
    }
  };
}

/** A sign-in was attempted while a user is signed in. */
export const UserAlreadyAuthenticatedException = /* @__PURE__ */ sessionErrorClass(catalogue.UserAlreadyAuthenticatedException);
export type UserAlreadyAuthenticatedException = InstanceType<typeof UserAlreadyAuthenticatedException>;
/** An API needing a signed-in user was called without one. */
export const UserUnAuthenticatedException = /* @__PURE__ */ sessionErrorClass(catalogue.UserUnAuthenticatedException);
export type UserUnAuthenticatedException = InstanceType<typeof UserUnAuthenticatedException>;
/** The sign-in flow is in a state that cannot continue (no signIn, failed, or expired state). */
export const SignInException = /* @__PURE__ */ sessionErrorClass(catalogue.SignInException);
export type SignInException = InstanceType<typeof SignInException>;
/** Tokens were received but the session could not be read back. */
export const UnexpectedSignInInterruptionException = /* @__PURE__ */ sessionErrorClass(catalogue.UnexpectedSignInInterruptionException);
export type UnexpectedSignInInterruptionException = InstanceType<typeof UnexpectedSignInInterruptionException>;
/** Refresh is impossible for this session (implicit-grant OAuth tokens). */
export const TokenRefreshException = /* @__PURE__ */ sessionErrorClass(catalogue.TokenRefreshException);
export type TokenRefreshException = InstanceType<typeof TokenRefreshException>;
/** No stored session. */
export const NoSessionFoundException = /* @__PURE__ */ sessionErrorClass(catalogue.NoSessionFoundException);
export type NoSessionFoundException = InstanceType<typeof NoSessionFoundException>;
/** Auto sign-in after sign-up was not started, or the account was not confirmed on time. */
export const AutoSignInException = /* @__PURE__ */ sessionErrorClass(catalogue.AutoSignInException);
export type AutoSignInException = InstanceType<typeof AutoSignInException>;
/** Stored device key, group key or random password is missing. */
export const DeviceMetadataNotFoundException = /* @__PURE__ */ sessionErrorClass(catalogue.DeviceMetadataNotFoundException);
export type DeviceMetadataNotFoundException = InstanceType<typeof DeviceMetadataNotFoundException>;
/** The sign-out redirect list is empty or malformed. */
export const InvalidRedirectException = /* @__PURE__ */ sessionErrorClass(catalogue.InvalidRedirectException);
export type InvalidRedirectException = InstanceType<typeof InvalidRedirectException>;
/** The redirect URL passed to signOut is not in oauth.redirectSignOut. */
export const InvalidPreferredRedirectUrlException = /* @__PURE__ */ sessionErrorClass(catalogue.InvalidPreferredRedirectUrlException);
export type InvalidPreferredRedirectUrlException = InstanceType<typeof InvalidPreferredRedirectUrlException>;
/** No configured sign-out redirect is on the current origin. */
export const InvalidOriginException = /* @__PURE__ */ sessionErrorClass(catalogue.InvalidOriginException);
export type InvalidOriginException = InstanceType<typeof InvalidOriginException>;
/** Going through the hosted logout page failed. */
export const OAuthSignOutException = /* @__PURE__ */ sessionErrorClass(catalogue.OAuthSignOutException);
export type OAuthSignOutException = InstanceType<typeof OAuthSignOutException>;
/** signInWithRedirect could not finish: the provider answered an error, the state did not match, or the flow was cancelled. */
export const OAuthSignInException = /* @__PURE__ */ sessionErrorClass(catalogue.OAuthSignInException);
export type OAuthSignInException = InstanceType<typeof OAuthSignInException>;
/** The provider could not be reached, or answered with something that is not its JSON protocol. */
export const NetworkError = /* @__PURE__ */ sessionErrorClass(catalogue.NetworkError);
export type NetworkError = InstanceType<typeof NetworkError>;

/** Invalid configuration given to configure() or createAuthRuntime(), e.g. `new AuthConfigError(InvalidUserPoolId)`. */
export class AuthConfigError extends AuthError {
  declare name: ConfigErrorCode;
  constructor(definition: ErrorDefinition<ConfigErrorCode>, options: AuthErrorOptions = {}) {
    super(paramsFor(definition, options));
  }
}

/** Invalid input to a public function (spec section 5), e.g. `new AuthValidationError(EmptySignInUsername)`. */
export class AuthValidationError extends AuthError {
  declare name: AuthValidationErrorCode;
  constructor(definition: ErrorDefinition<AuthValidationErrorCode>, options: AuthErrorOptions = {}) {
    super(paramsFor(definition, options));
  }
}

/** A WebAuthn (passkey) ceremony failed or cannot run, e.g. `new PasskeyError(PasskeyNotSupported)`. */
export class PasskeyError extends AuthError {
  declare name: PasskeyErrorCode;
  constructor(definition: ErrorDefinition<PasskeyErrorCode>, options: AuthErrorOptions = {}) {
    super(paramsFor(definition, options));
  }
}

/** Which provider answered with the error. */
export type CognitoService = 'user-pool' | 'identity-pool';

/** Fields of a provider error beyond AuthError's. */
export interface CognitoServiceErrorParams {
  name: string;
  message?: string | undefined;
  httpStatusCode: number;
  service: CognitoService;
  operation: string;
  underlyingError?: unknown;
  /** From the response: request id header and status (httpStatusCode above fills the status when absent). */
  metadata?: AuthErrorMetadata | undefined;
}

/**
 * An error answered by Cognito (`{__type, message}`), keeping the provider's name
 * (NotAuthorizedException, CodeMismatchException, …) as `name` and its message.
 */
export class CognitoServiceError extends AuthError {
  readonly httpStatusCode: number;
  readonly service: CognitoService;
  readonly operation: string;

  constructor(params: CognitoServiceErrorParams) {
    const entry = cognitoCatalogueEntry(params.name) ?? COGNITO_ERROR_CATALOGUE.UnknownError;
    super({
      name: params.name,
      message: params.message !== undefined && params.message !== '' ? params.message : entry.message,
      recoverySuggestion: entry.recoverySuggestion,
      underlyingError: params.underlyingError,
      metadata: { httpStatusCode: params.httpStatusCode, ...params.metadata },
    });
    this.httpStatusCode = params.httpStatusCode;
    this.service = params.service;
    this.operation = params.operation;
  }
}

/** True when `error` came from Cognito, optionally with the given provider name. */
export function isCognitoServiceError(error: unknown, name?: string): error is CognitoServiceError {
  return error instanceof CognitoServiceError && (name === undefined || error.name === name);
}
