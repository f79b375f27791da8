// A scripted data API for the desk's component tests: answers each operation by name from a table
// of handlers and records what was sent.
import type { GraphqlTransport } from '@steward/data-client';

/** One request the page sent. */
export interface SentRequest {
  readonly operation: string;
  readonly variables: Record<string, unknown>;
}

/** A transport answering `handlers[operation](variables)`; unknown operations fail. */
export function deskTransport(handlers: Record<string, (variables: Record<string, unknown>) => unknown>): { transport: GraphqlTransport; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const transport: GraphqlTransport = {
    request: <T,>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const operation = /^\s*(?:query|mutation)\s+\w+[^{]*\{\s*(\w+)/.exec(query)?.[1] ?? 'unknown';
      sent.push({ operation, variables });
      const handler = handlers[operation];
      if (handler === undefined) return Promise.reject(new Error(`no handler for ${operation}`));
      try {
        return Promise.resolve({ [operation]: handler(variables) } as T);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  return { transport, sent };
}
