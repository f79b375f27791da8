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
  DuplicateValueException: { status: 200, message: 'Another record already has this value of a unique field.', recoverySuggestion: 'Choose a value no other record has (errorInfo.field names the field).' },
  SettingOutOfBoundsException: { status: 200, message: 'A policy setting is outside the bounds the server allows.', recoverySuggestion: 'Choose a value within errorInfo.min and errorInfo.max (errorInfo.setting names the setting).' },
  ConditionalCheckFailedException: { status: 200, message: 'The conditional request failed.', recoverySuggestion: 'Read the record again: it does not exist, already exists, or no longer matches the condition.' },
  ConflictUnhandled: {
    status: 200,
    message: 'The record was changed by someone else since it was read; nothing was written.',
    recoverySuggestion: 'Show the current record (in data and errorInfo.current); to keep your change, send it again with its _version.',
  },
  UnknownTemplatePlaceholderException: {
    status: 200,
    message: 'A campaign message template uses a placeholder Steward does not fill in.',
    recoverySuggestion: 'Use only {{debtor.firstName}}, {{debtor.lastName}}, {{account.fileNumber}}, {{account.balance}} and {{client.name}} in the subject and body.',
  },
  ContactNotAllowedException: {
    status: 200,
    message: 'The contact rules do not allow this contact now.',
    recoverySuggestion: 'Try again at errorInfo.nextAllowedAt (errorInfo.reasons says why), or ask a supervisor to override with a reason.',
  },
  BatchItemsInvalid: { status: 200, message: 'Some items of the batch are invalid; nothing was written.', recoverySuggestion: 'Correct or drop the items listed in errorInfo.items (index, field, message) and send the batch again.' },
  InternalFailure: { status: 500, message: 'An internal failure occurred.', recoverySuggestion: 'Retry later; the server log has the details.' },
} as const;

/** The errorType of a data API error. */
export type DataApiErrorType = keyof typeof dataApiErrorCatalogue;

/** A typed data API error; thrown in resolvers and the HTTP layer and mapped to AppSync's shape. */
export class DataApiError extends Error {
  readonly errorType: DataApiErrorType;
  readonly recoverySuggestion: string;
  /** Details sent in errorInfo beside the recovery suggestion (e.g. BatchItemsInvalid's items). */
  readonly info: Readonly<Record<string, unknown>> | undefined;
  constructor(errorType: DataApiErrorType, message?: string, info?: Readonly<Record<string, unknown>>) {
    super(message ?? dataApiErrorCatalogue[errorType].message);
    this.name = errorType;
    this.errorType = errorType;
    this.recoverySuggestion = dataApiErrorCatalogue[errorType].recoverySuggestion;
    this.info = info;
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

/**
 * An update or delete whose `_version` is not the record's any more: AppSync's conflict. `current` is
 * the record as stored now (null when the caller may not read it), so a page can offer "keep mine".
 */
export function versionConflict(entityName: string, expected: number, current: Readonly<Record<string, unknown>> | null): DataApiError {
  const found = current === null ? '' : ` it is at version ${String(current._version)}`;
  return new DataApiError('ConflictUnhandled', `${entityName} was changed by someone else: the write expected version ${expected};${found}. Nothing was written.`, { current });
}

/** A bad argument value. */
export function badRequest(message: string): DataApiError {
  return new DataApiError('BadRequestException', message);
}

/** A write refused because `field` of `entity` is unique and another record has the value. */
export function duplicateValue(entity: string, field: string): DataApiError {
  return new DataApiError('DuplicateValueException', `Another ${entity} already has this ${field}; a ${field} names one ${entity}.`, { entity, field });
}

/** One refused item of a batch: its position in the input, the field at fault and why. */
export interface BatchItemError {
  readonly index: number;
  readonly field: string | null;
  readonly message: string;
}

/** Most item errors one BatchItemsInvalid lists (errorInfo.invalidCount has the total). */
export const MAX_LISTED_ITEM_ERRORS = 100;

/** The refusal of a whole batch because of its bad items, listing them (sorted, at most MAX_LISTED_ITEM_ERRORS). */
export function batchItemsInvalid(total: number, errors: readonly BatchItemError[]): DataApiError {
  const sorted = [...errors].sort((a, b) => a.index - b.index);
  const first = sorted[0];
  const items = new Set(sorted.map((e) => e.index)).size;
  const example = first === undefined ? '' : ` Item ${first.index}${first.field === null ? '' : ` (${first.field})`}: ${first.message}`;
  return new DataApiError('BatchItemsInvalid', `${items} of ${total} items are invalid; nothing was written.${example}`, {
    items: sorted.slice(0, MAX_LISTED_ITEM_ERRORS),
    invalidCount: items,
  });
}
