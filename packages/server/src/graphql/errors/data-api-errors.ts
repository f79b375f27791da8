// The one error catalogue of the data API. Each error carries AppSync's `errorType`, a message and
// a recovery suggestion; to-appsync-error.ts is the only mapper to the wire shape.

/** Every errorType the data API answers with, its HTTP status when it fails a whole request, and advice. */
export const dataApiErrorCatalogue = {
  UnauthorizedException: { status: 401, message: 'Valid authorization header not provided.', recoverySuggestion: 'Send a valid, unexpired access token of the user pool in the Authorization header.' },
  Unauthorized: { status: 200, message: 'Not Authorized to access this field.', recoverySuggestion: 'Sign in as a user allowed to read or change this record.' },
  MalformedHttpRequestException: { status: 400, message: 'Unable to parse GraphQL query.', recoverySuggestion: 'POST a JSON object { query, variables?, operationName? } with Content-Type application/json.' },
  PayloadTooLargeException: { status: 413, message: 'The request body is too large.', recoverySuggestion: 'Send smaller inputs, or page through the data.' },
  ValidationError: { status: 400, message: 'The query is not valid against the schema.', recoverySuggestion: 'Fix the query: use only the types, fields and arguments the schema declares.' },
  QueryLimitExceededException: { status: 400, message: 'The query exceeds the limits of the data API.', recoverySuggestion: 'Ask for fewer nested levels or rows: lower the limits of lists, or split the query.' },
  BadRequestException: { status: 200, message: 'An argument is not valid.', recoverySuggestion: 'Correct the argument named in the message.' },
  InvalidNextTokenException: { status: 200, message: 'The nextToken is invalid, expired, or was issued for another query.', recoverySuggestion: 'Pass back the nextToken exactly as received, with the same filter, or start again without one.' },
  ConditionalCheckFailedException: { status: 200, message: 'The conditional request failed.', recoverySuggestion: 'Read the record again: it does not exist, already exists, or no longer matches the condition.' },
  InternalFailure: { status: 500, message: 'An internal failure occurred.', recoverySuggestion: 'Retry later; the server log has the details.' },
} as const;

/** The errorType of a data API error. */
export type DataApiErrorType = keyof typeof dataApiErrorCatalogue;

/** A typed data API error; thrown in resolvers and the HTTP layer and mapped to AppSync's shape. */
export class DataApiError extends Error {
  readonly errorType: DataApiErrorType;
  readonly recoverySuggestion: string;
  constructor(errorType: DataApiErrorType, message?: string) {
    super(message ?? dataApiErrorCatalogue[errorType].message);
    this.name = errorType;
    this.errorType = errorType;
    this.recoverySuggestion = dataApiErrorCatalogue[errorType].recoverySuggestion;
  }
  /** HTTP status when this error fails the whole request. */
  get status(): number {
    return dataApiErrorCatalogue[this.errorType].status;
  }
}

/** Field-level authorization failure, with AppSync's message. */
export function notAuthorized(fieldName: string, typeName: string): DataApiError {
  return new DataApiError('Unauthorized', `Not Authorized to access ${fieldName} on type ${typeName}`);
}

/** A bad argument value. */
export function badRequest(message: string): DataApiError {
  return new DataApiError('BadRequestException', message);
}
