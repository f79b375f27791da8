// The app's Hub listener: what happened on the 'auth' channel, in order. Failure events carry the
// error; the app keeps what it shows of it (see errors.ts).
import { Hub } from 'compat-core';
import { viewError } from './errors.js';

/** One auth event as the listener saw it. */
export interface AuthEventRecord {
  readonly event: string;
  readonly data?: unknown;
  readonly message?: string;
}

/** A running recording of auth events. */
export interface AuthEventRecording {
  readonly events: AuthEventRecord[];
  /** Stops listening. */
  stop(): void;
}

/** An event's data as the app keeps it: a failure's error reduced to what the app reads from errors. */
function viewData(data: unknown): unknown {
  if (typeof data === 'object' && data !== null && 'error' in data) return { error: data.error === undefined ? undefined : viewError(data.error) };
  return data;
}

/** Starts recording every auth event (Hub.listen('auth', …)). */
export function recordAuthEvents(): AuthEventRecording {
  const events: AuthEventRecord[] = [];
  const stop = Hub.listen('auth', ({ payload }) => {
    events.push('data' in payload ? { ...payload, data: viewData(payload.data) } : { ...payload });
  });
  return { events, stop };
}
