import { errorCatalogue, ServiceError } from './catalogue.js';

/** What the JSON 1.1 transport sends for an error. */
export interface WireError {
  readonly status: number;
  readonly body: { readonly __type: string; readonly message: string };
}

/**
 * The one mapper from any thrown value to the Cognito wire shape. ServiceErrors keep their name,
 * status and message; anything else is an InternalErrorException whose details stay in the log.
 */
export function toWireError(error: unknown): WireError {
  if (error instanceof ServiceError) {
    return { status: error.status, body: { __type: error.name, message: error.message } };
  }
  const spec = errorCatalogue.InternalErrorException;
  return { status: spec.status, body: { __type: 'InternalErrorException', message: spec.message } };
}
