import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from '../execution/graphql-js.js';
import { dataModel } from '../model/data-model.js';
import { uniqueIndexName } from '../sql/ddl.js';
import { DataApiError, dataApiErrorCatalogue, duplicateValue, type DataApiErrorType } from './data-api-errors.js';

/** One error as AppSync sends it. */
export interface AppSyncError {
  readonly errorType: DataApiErrorType;
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly locations?: GraphQLFormattedError['locations'];
  /** null, or for ConflictUnhandled the record as stored now (as AppSync sends it). */
  readonly data?: unknown;
  readonly errorInfo?: { readonly recoverySuggestion: string; readonly [detail: string]: unknown } | null;
}

/** A response body in AppSync's shape. */
export interface AppSyncBody {
  readonly data: unknown;
  readonly errors?: readonly AppSyncError[];
}

/** The unique index of each unique field of the model, to the entity and field it guards. */
const UNIQUE_INDEXES: ReadonlyMap<string, { entity: string; field: string }> = new Map(
  dataModel.flatMap((e) => (e.uniqueFields ?? []).map((field) => [uniqueIndexName(e.name, field), { entity: e.name, field }] as const)),
);

/** PostgreSQL SQLSTATE classes that mean the input was bad, not that the server failed. */
function databaseInputError(error: unknown): DataApiError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  if (code === '23505') {
    // A unique field names one record: say which, so a form can show it by the field.
    const unique = UNIQUE_INDEXES.get(String((error as { constraint?: unknown }).constraint));
    return unique === undefined ? new DataApiError('ConditionalCheckFailedException') : duplicateValue(unique.entity, unique.field);
  }
  if (code === '23502') return new DataApiError('BadRequestException', 'A required field cannot be null.');
  if (code.startsWith('22')) return new DataApiError('BadRequestException', 'A value is out of range or has the wrong format for its field.');
  return undefined;
}

/**
 * The one mapper from anything thrown during a request to a DataApiError: typed errors keep their
 * type; database input errors become BadRequest/ConditionalCheckFailed; anything else is an
 * InternalFailure whose details go to `log` only.
 */
export function toDataApiError(error: unknown, log?: (error: unknown) => void): DataApiError {
  if (error instanceof DataApiError) return error;
  if (error instanceof GraphQLError && error.originalError !== undefined) return toDataApiError(error.originalError, log);
  if (error instanceof GraphQLError) return new DataApiError('BadRequestException', error.message);
  const fromDb = databaseInputError(error);
  if (fromDb !== undefined) return fromDb;
  log?.(error);
  return new DataApiError('InternalFailure');
}

/** Formats one GraphQL error (validation or execution) in AppSync's shape. */
export function formatGraphqlError(error: GraphQLError, fallbackType: DataApiErrorType, log?: (error: unknown) => void): AppSyncError {
  const original = error.originalError;
  // A GraphQLError inside (a scalar refusing a value) keeps the outer, more precise message and the fallback type.
  const typed = original === undefined || original === null || original instanceof GraphQLError ? undefined : toDataApiError(original, log);
  const errorType = typed?.errorType ?? fallbackType;
  return {
    errorType,
    message: typed?.message ?? error.message,
    ...(error.path === undefined ? {} : { path: error.path, data: errorType === 'ConflictUnhandled' ? (typed?.info?.current ?? null) : null }),
    ...(error.locations === undefined ? {} : { locations: error.locations }),
    errorInfo: { ...typed?.info, recoverySuggestion: typed?.recoverySuggestion ?? dataApiErrorCatalogue[errorType].recoverySuggestion },
  };
}

/** A whole-request failure body: `{ data: null, errors: [{ errorType, message }] }`. */
export function requestErrorBody(error: DataApiError): AppSyncBody {
  return { data: null, errors: [{ errorType: error.errorType, message: error.message, errorInfo: { recoverySuggestion: error.recoverySuggestion } }] };
}

/** An execution result in AppSync's shape. */
export function toAppSyncBody(result: ExecutionResult, log?: (error: unknown) => void): AppSyncBody {
  if (result.errors === undefined || result.errors.length === 0) return { data: result.data ?? null };
  return { data: result.data ?? null, errors: result.errors.map((e) => formatGraphqlError(e, 'BadRequestException', log)) };
}

// graphql-js ends messages with its hints: ` Did you mean "x"?`, ` Did you mean "x" or "y"?`,
// ` Did you mean to use an inline fragment on "T"?`. They name schema members, so production
// leaves them out (graphql-js 16 has no switch for them).
const SUGGESTION = / Did you mean [\s\S]*\?$/;

/** The body with graphql-js's "Did you mean …?" hints removed from every error message. */
export function withoutSuggestions(body: AppSyncBody): AppSyncBody {
  if (body.errors === undefined || !body.errors.some((e) => SUGGESTION.test(e.message))) return body;
  return { ...body, errors: body.errors.map((e) => ({ ...e, message: e.message.replace(SUGGESTION, '') })) };
}
