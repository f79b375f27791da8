// data-client, loaded in its own chunk: a visitor who is not signed in never needs it to see /login.
import { SESSION_MESSAGES, configureDataClient } from '@steward/data-client';
import type { DataClient } from '@steward/data-client';

/** Configures data-client for `graphqlEndpoint` and returns it with its validation messages. */
export function loadDataClient(graphqlEndpoint: string): { client: DataClient; messages: typeof SESSION_MESSAGES } {
  return { client: configureDataClient({ graphqlEndpoint }), messages: SESSION_MESSAGES };
}
