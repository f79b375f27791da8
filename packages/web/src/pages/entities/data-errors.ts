// Data-client failures in words a person understands (spec section 8 messages kept as they are).
import { DataApiRequestError, isDataClientError } from '@steward/data-client';

/** A data failure ready to show. */
export interface DataProblem {
  message: string;
  detail?: string;
}

/** The words for a failed data call. */
export function describeDataError(error: unknown): DataProblem {
  if (isDataClientError(error)) {
    if (error.name === 'DataApiNetworkError') return { message: 'Network Error: Steward cannot reach the server.', detail: 'Check your connection and try again.' };
    if (error.name === 'DataApiRequestError') {
      const type = (error as { errorType?: string }).errorType;
      if (type === 'Unauthorized' || type === 'UnauthorizedException') return { message: 'You are not allowed to see these records.', detail: 'Ask an administrator if you need access.' };
      return { message: 'The data store refused the request.', detail: error.message };
    }
    return { message: error.message, detail: error.recoverySuggestion };
  }
  if (error instanceof TypeError) return { message: 'Network Error: Steward cannot reach the server.', detail: 'Check your connection and try again.' };
  return { message: 'Something went wrong while loading the data.', detail: error instanceof Error ? error.message : undefined };
}

/** The data API's refusal of one field's value, to show by that field. */
export interface FieldRefusal {
  /** DuplicateValueException or SettingOutOfBoundsException. */
  errorType: string;
  /** The record field at fault (errorInfo.field). */
  field: string;
  /** The server's words. */
  message: string;
  /** errorInfo as sent (setting, min, max, entity…). */
  info: Readonly<Record<string, unknown>>;
}

const FIELD_ERRORS = new Set(['DuplicateValueException', 'SettingOutOfBoundsException']);

/** The refusal of one field inside a failed data call (looking through wrapping errors), or null. */
export function fieldRefusal(error: unknown): FieldRefusal | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth += 1) {
    if (current instanceof DataApiRequestError) {
      const entry = current.errors.find((e) => e.errorType !== undefined && FIELD_ERRORS.has(e.errorType));
      const field = entry?.errorInfo?.field;
      if (entry?.errorType !== undefined && typeof field === 'string') return { errorType: entry.errorType, field, message: entry.message, info: entry.errorInfo ?? {} };
      return null;
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}
