// What the collector's pages ask of the data API, over the app's data port: the desk operations
// (built here so their code arrives with these pages only), refusals in words, and a client
// reference per form so a double submit is written once.
import { useCallback } from 'react';
import { ContactNotAllowedError, ConflictError, DataApiRequestError, createCollectionsOperations } from '@steward/data-client';
import type { CollectionsOperations } from '@steward/data-client';
import { useServices } from '../../app/ports-context';
import { describeDataError } from '../entities/data-errors';
import type { DataProblem } from '../entities/data-errors';

/** The desk operations over the signed-in user's transport. */
export function useDeskOperations(): () => Promise<CollectionsOperations> {
  const { data } = useServices();
  return useCallback(async () => createCollectionsOperations(await data.transport()), [data]);
}

/** A fresh client reference (one per form: a resubmit of the same form sends the same one). */
export function newClientReference(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A refused desk operation in the server's own words (they say what to change); a conflict says
 * the record changed; other failures as the list pages word them.
 */
export function deskProblem(failure: unknown): DataProblem {
  if (failure instanceof ConflictError) return { message: 'This account was changed by someone else since you opened it.', detail: 'The page has been reloaded with their change; check it and try again.' };
  if (failure instanceof ContactNotAllowedError) return { message: failure.reasons.map((r) => r.message).join(' ') || failure.message };
  if (failure instanceof DataApiRequestError && failure.errors.length > 0) {
    const type = failure.errorType;
    if (type === 'NotAuthorized' || type === 'NotAuthorizedException') return { message: 'You are not allowed to do this.', detail: failure.errors.map((e) => e.message).join(' ') };
    if (type !== 'Unauthorized' && type !== 'UnauthorizedException') return { message: failure.errors.map((e) => e.message).join(' ') };
  }
  return describeDataError(failure);
}
