// Data-client failures in words a person understands (spec section 8 messages kept as they are).
import { isDataClientError } from '@steward/data-client';

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
