import type { CognitoAuthSignInDetails } from '../tokens/token-store.js';

/** The signed-in user as aws-amplify's Hub reports it: getCurrentUser()'s result, sign-in details included. */
export interface AuthHubUser {
  username: string;
  userId: string;
  signInDetails?: CognitoAuthSignInDetails;
}

/** The error fields carried by failure events. */
export interface AuthHubError {
  name: string;
  message: string;
  recoverySuggestion?: string | undefined;
}

/**
 * What a failure event carries: the error itself when it is an Error (as aws-amplify passes its
 * AuthError, so listeners can use instanceof, the stack or the metadata), else a plain one.
 */
export function toHubError(error: unknown): AuthHubError {
  if (error instanceof Error) return error;
  return { name: 'UnknownError', message: String(error) };
}

/** The auth channel's events, aws-amplify v6's AuthHubEventData. */
export type AuthHubEventData =
  | { event: 'signedIn'; data: AuthHubUser }
  | { event: 'signedOut' }
  | { event: 'tokenRefresh' }
  | { event: 'tokenRefresh_failure'; data: { error?: AuthHubError } }
  | { event: 'signInWithRedirect' }
  | { event: 'signInWithRedirect_failure'; data: { error?: AuthHubError } }
  | { event: 'customOAuthState'; data: string };

/** The name of an auth event. */
export type AuthHubEventName = AuthHubEventData['event'];

/** The payload a listener receives. */
export type AuthHubPayload = AuthHubEventData & { message?: string };

/** What a listener is called with (aws-amplify's HubCapsule for the auth channel). */
export interface AuthHubCapsule {
  channel: 'auth';
  payload: AuthHubPayload;
  source: 'Auth';
}

/** A listener of the auth channel. */
export type AuthHubCallback = (capsule: AuthHubCapsule) => void;

/** Stops a listener. */
export type StopListening = () => void;

/** A Hub with aws-amplify v6's listen/dispatch shape, limited to the auth channel. */
export interface AuthHub {
  /** Calls `callback` on every auth event until the returned function is called. */
  listen(channel: 'auth', callback: AuthHubCallback): StopListening;
  /** Sends an event to every listener; a throwing listener never stops the others or the caller. */
  dispatch(channel: 'auth', payload: AuthHubPayload): void;
}

/** Creates an isolated Hub (one per runtime in tests and multi-tenant servers). */
export function createAuthHub(): AuthHub {
  const listeners = new Set<AuthHubCallback>();
  return {
    listen(channel, callback) {
      if (channel !== 'auth') throw new TypeError(`auth-core's Hub only carries the 'auth' channel, not '${String(channel)}'`);
      // Wrapped so the same function can listen twice and be stopped independently.
      const entry: AuthHubCallback = (capsule) => callback(capsule);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    dispatch(channel, payload) {
      const capsule: AuthHubCapsule = { channel, payload, source: 'Auth' };
      for (const listener of [...listeners]) {
        try {
          listener(capsule);
        } catch (error) {
          // A broken listener must not break sign-in; surface it where the platform can.
          const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
          if (typeof report === 'function') report(error);
        }
      }
    },
  };
}

/** The Hub of the runtime configure() sets up; `Hub.listen('auth', ({ payload }) => …)`. */
export const Hub: AuthHub = /* @__PURE__ */ createAuthHub();
