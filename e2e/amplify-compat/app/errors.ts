// How the app tells errors apart: by `name`, and `instanceof AuthError` for the library's own.
import { AuthError } from 'compat-auth';

/** What the app reads from a caught error. */
export interface ErrorView {
  readonly name: string;
  readonly isAuthError: boolean;
  readonly message: string;
  readonly hasRecoverySuggestion: boolean;
  /** From the provider's answer; undefined for errors raised before any request. */
  readonly metadata: { readonly httpStatusCode: number | undefined; readonly hasRequestId: boolean } | undefined;
}

/** The parts of a caught error the app shows or branches on. */
export function viewError(error: unknown): ErrorView {
  if (error instanceof AuthError) {
    return {
      name: error.name,
      isAuthError: true,
      message: error.message,
      hasRecoverySuggestion: typeof error.recoverySuggestion === 'string' && error.recoverySuggestion !== '',
      metadata: error.metadata === undefined ? undefined : { httpStatusCode: error.metadata.httpStatusCode, hasRequestId: typeof error.metadata.requestId === 'string' && error.metadata.requestId !== '' },
    };
  }
  const plain = error instanceof Error ? error : new Error(String(error));
  return { name: plain.name, isAuthError: false, message: plain.message, hasRecoverySuggestion: false, metadata: undefined };
}

/** Runs one call and reports its error the way the app would see it; throws when the call succeeds. */
export async function expectFailure(run: () => Promise<unknown>): Promise<ErrorView> {
  try {
    await run();
  } catch (error) {
    return viewError(error);
  }
  throw new Error('the call succeeded where the app expected an error');
}
