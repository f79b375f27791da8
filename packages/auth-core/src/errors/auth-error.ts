/** Fields every auth-core error carries (aws-amplify v6's AuthError shape). */
export interface AuthErrorParams {
  name: string;
  message: string;
  recoverySuggestion?: string | undefined;
  underlyingError?: unknown;
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

  constructor(params: AuthErrorParams) {
    super(params.message, params.underlyingError === undefined ? undefined : { cause: params.underlyingError });
    this.name = params.name;
    this.recoverySuggestion = params.recoverySuggestion;
    this.underlyingError = params.underlyingError;
  }
}

/** True when `error` is an AuthError, optionally with the given name. */
export function isAuthError(error: unknown, name?: string): error is AuthError {
  return error instanceof AuthError && (name === undefined || error.name === name);
}
