// The one error catalogue of @steward/data-client: each error has a stable name, the spec's message
// (section 8) and what the caller can do about it.

/** Every error the data client throws, with its message and recovery suggestion. */
export const dataClientErrorCatalogue = {
  NoUserLoggedInError: { message: 'No user is logged in', recoverySuggestion: 'Sign in before changing settings.' },
  MissingUserIdError: { message: 'No userId found in user attributes', recoverySuggestion: 'The identity provider returned no sub attribute; sign in again.' },
  IdentityProviderUserError: {
    message: 'Failed to get authenticated user from the identity provider',
    recoverySuggestion: 'Check the network and that the session is still signed in, then retry.',
  },
  UserRecordUnavailableError: { message: 'Failed to retrieve or create user record', recoverySuggestion: 'Retry; the user can continue with the temporary profile.' },
  UserFetchError: { message: 'Failed to fetch user record', recoverySuggestion: 'Retry later; check the network and the data API.' },
  ConfigUpdateError: { message: 'Failed to update config', recoverySuggestion: 'Retry; the setting was not saved.' },
  DataApiRequestError: { message: 'The data API refused the request', recoverySuggestion: 'Read `errors` for the errorType and message of each problem.' },
  BatchItemsInvalidError: {
    message: 'Some items of the batch are invalid; nothing was written',
    recoverySuggestion: 'Mark or drop the items listed in `items` (index, field, message) and send the batch again.',
  },
  ConflictError: {
    message: 'The record was changed by someone else since it was read; nothing was written',
    recoverySuggestion: 'Show `current` (the record as stored now): reload it, or send your change again with current._version to keep it.',
  },
  DataApiNetworkError: { message: 'Network Error', recoverySuggestion: 'Check the connection and the graphqlEndpoint, then retry.' },
  DataClientConfigError: { message: 'The data client is not configured', recoverySuggestion: 'Call configureDataClient({ graphqlEndpoint }) first.' },
} as const;

/** Name of a data client error. */
export type DataClientErrorName = keyof typeof dataClientErrorCatalogue;

/** Base of every error the data client throws. */
export class DataClientError extends Error {
  readonly recoverySuggestion: string;
  constructor(
    override readonly name: DataClientErrorName,
    options: { message?: string; cause?: unknown } = {},
  ) {
    super(options.message ?? dataClientErrorCatalogue[name].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.recoverySuggestion = dataClientErrorCatalogue[name].recoverySuggestion;
  }
}

/** One error of a GraphQL response, AppSync shape. */
export interface GraphqlErrorEntry {
  readonly errorType?: string;
  readonly message: string;
  readonly path?: readonly (string | number)[];
  /** AppSync's details: the recovery suggestion, and for BatchItemsInvalid the bad items. */
  readonly errorInfo?: Readonly<Record<string, unknown>> | null;
}

/** The API answered with GraphQL errors (or an HTTP error in AppSync's shape). */
export class DataApiRequestError extends DataClientError {
  constructor(
    readonly status: number,
    readonly errors: readonly GraphqlErrorEntry[],
    readonly data: unknown = null,
    name: 'DataApiRequestError' | 'BatchItemsInvalidError' | 'ConflictError' = 'DataApiRequestError',
  ) {
    super(name, { message: errors.map((e) => `${e.errorType ?? 'Error'}: ${e.message}`).join('; ') || `HTTP ${status}` });
  }
  /** The errorType of the first error (e.g. UnauthorizedException). */
  get errorType(): string | undefined {
    return this.errors[0]?.errorType;
  }
}

/** One refused item of a batch: its index in the batch sent, the field at fault (or null) and why. */
export interface BatchItemProblem {
  readonly index: number;
  readonly field: string | null;
  readonly message: string;
}

function itemProblems(value: unknown): BatchItemProblem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    if (typeof v !== 'object' || v === null) return [];
    const { index, field, message } = v as Record<string, unknown>;
    return typeof index === 'number' && typeof message === 'string' ? [{ index, field: typeof field === 'string' ? field : null, message }] : [];
  });
}

/**
 * A batch mutation (batchUpsert) refused because of some of its items; nothing was written.
 * `items` lists them (the server lists at most 100; `invalidCount` is how many there were).
 */
export class BatchItemsInvalidError extends DataApiRequestError {
  readonly items: readonly BatchItemProblem[];
  readonly invalidCount: number;
  constructor(status: number, errors: readonly GraphqlErrorEntry[], data: unknown = null) {
    super(status, errors, data, 'BatchItemsInvalidError');
    const info = errors.find((e) => e.errorType === 'BatchItemsInvalid')?.errorInfo;
    this.items = itemProblems(info?.items);
    this.invalidCount = typeof info?.invalidCount === 'number' ? info.invalidCount : this.items.length;
  }
}

/**
 * An update, delete or append sent with a `_version` the record is no longer at (the server's
 * ConflictUnhandled): nothing was written. `current` is the record as stored now (null when the
 * caller may not read it); sending the change again with `current._version` keeps it.
 */
export class ConflictError extends DataApiRequestError {
  readonly current: Readonly<Record<string, unknown>> | null;
  constructor(status: number, errors: readonly GraphqlErrorEntry[], data: unknown = null) {
    super(status, errors, data, 'ConflictError');
    const current = errors.find((e) => e.errorType === 'ConflictUnhandled')?.errorInfo?.current;
    this.current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : null;
  }
}

/** True when `error` is a data client error of the given name. */
export function isDataClientError(error: unknown, name?: DataClientErrorName): error is DataClientError {
  return error instanceof DataClientError && (name === undefined || error.name === name);
}
