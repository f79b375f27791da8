/** What the HTTP response of a failed provider call said about itself, aws-amplify v6's error `metadata`. */
export interface AuthErrorMetadata {
  /** The `x-amz-id-2` header, when the provider sends one. */
  extendedRequestId?: string;
  /** The response's HTTP status. */
  httpStatusCode?: number;
  /** The provider's request id (`x-amzn-requestid` header), to quote to its support. */
  requestId?: string;
}

/** Fields every auth-core error carries (aws-amplify v6's AuthError shape). */
export interface AuthErrorParams {
  name: string;
  message: string;
  recoverySuggestion?: string | undefined;
  underlyingError?: unknown;
  metadata?: AuthErrorMetadata | undefined;
}

/** Overrides a caller may give when raising a catalogued error. */
export interface AuthErrorOptions {
  message?: string;
  recoverySuggestion?: string;
  underlyingError?: unknown;
}

/** Base class of every error auth-core throws: a stable `name`, a message and a recovery suggestion. */
export class AuthError extends Error {
  override name: string;
  readonly recoverySuggestion: string | undefined;
  readonly underlyingError: unknown;
  /** Set on errors a provider answered: its request id and HTTP status (as aws-amplify's). */
  readonly metadata?: AuthErrorMetadata;

  constructor(params: AuthErrorParams) {
    super(params.message, params.underlyingError === undefined ? undefined : { cause: params.underlyingError });
    this.name = params.name;
    this.recoverySuggestion = params.recoverySuggestion;
    this.underlyingError = params.underlyingError;
    if (params.metadata !== undefined) {
      // Only these three fields, as aws-amplify records them.
      const { extendedRequestId, httpStatusCode, requestId } = params.metadata;
      this.metadata = { extendedRequestId, httpStatusCode, requestId };
    }
  }
}

/** True when `error` is an AuthError, optionally with the given name. */
export function isAuthError(error: unknown, name?: string): error is AuthError {
  return error instanceof AuthError && (name === undefined || error.name === name);
}
