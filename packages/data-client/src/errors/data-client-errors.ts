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
}

/** The API answered with GraphQL errors (or an HTTP error in AppSync's shape). */
export class DataApiRequestError extends DataClientError {
  constructor(
    readonly status: number,
    readonly errors: readonly GraphqlErrorEntry[],
    readonly data: unknown = null,
  ) {
    super('DataApiRequestError', { message: errors.map((e) => `${e.errorType ?? 'Error'}: ${e.message}`).join('; ') || `HTTP ${status}` });
  }
  /** The errorType of the first error (e.g. UnauthorizedException). */
  get errorType(): string | undefined {
    return this.errors[0]?.errorType;
  }
}

/** True when `error` is a data client error of the given name. */
export function isDataClientError(error: unknown, name?: DataClientErrorName): error is DataClientError {
  return error instanceof DataClientError && (name === undefined || error.name === name);
}
