// The real bindings of the ports: auth-core's Amplify-shaped functions and data-client.
import { completeSignInWithRedirect, createDocumentCookies, fetchAuthSession, getAuthRuntime, getCurrentUser, signInStateKey, signInWithRedirect, signOut } from '@steward/auth-core';
import type { DataClient, GraphqlTransport, ModelClient } from '@steward/data-client';
import type * as AuthFlowsModule from './auth-flows';
import type { AuthPort, DataPort, SessionValidation } from './ports';
import { removeTokenCookies } from './token-cookies';

type AuthFlows = typeof AuthFlowsModule;

let flows: Promise<AuthFlows> | undefined;

/** The sign-in, sign-up and reset functions (their chunk is fetched once, on first use or on preload). */
export function loadAuthFlows(): Promise<AuthFlows> {
  // A chunk that failed to load (network blip) is fetched again on the next call.
  flows ??= import('./auth-flows').catch((error: unknown) => {
    flows = undefined;
    throw error;
  });
  return flows;
}

/**
 * Fetches the sign-in machinery once the visitor starts using the page (first key, pointer or touch),
 * so it arrives while they type instead of with the first screen; a sign-in submitted sooner waits
 * for it (loadAuthFlows). Returns a function that removes the listeners.
 */
export function loadAuthFlowsOnFirstInteraction(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const events = ['keydown', 'pointerdown', 'touchstart', 'input'] as const;
  const stop = (): void => {
    for (const name of events) target.removeEventListener(name, onFirst, true);
  };
  function onFirst(): void {
    stop();
    void loadAuthFlows().catch(() => undefined);
  }
  for (const name of events) target.addEventListener(name, onFirst, { capture: true, passive: true });
  return stop;
}

/** Whether auth-core's storage holds a sign-in left waiting (its key only: the state store stays unloaded). */
export async function storedSignInWaiting(): Promise<boolean> {
  const runtime = getAuthRuntime();
  return (await runtime.storage.getItem(signInStateKey(runtime.config.userPoolClientId))) !== null;
}

/** auth-core bound as the AuthPort; `pendingSignIn` is what storedSignInWaiting said when the page loaded. */
export function createAuthPort(options: { pendingSignIn?: boolean } = {}): AuthPort {
  return {
    signIn: async (input) => (await loadAuthFlows()).signIn(input),
    confirmSignIn: async (input) => (await loadAuthFlows()).confirmSignIn(input),
    signUp: async (input) => (await loadAuthFlows()).signUp(input),
    confirmSignUp: async (input) => (await loadAuthFlows()).confirmSignUp(input),
    resendSignUpCode: async (input) => (await loadAuthFlows()).resendSignUpCode(input),
    autoSignIn: async () => (await loadAuthFlows()).autoSignIn(),
    resetPassword: async (input) => (await loadAuthFlows()).resetPassword(input),
    confirmResetPassword: async (input) => (await loadAuthFlows()).confirmResetPassword(input),
    signOut: (input) => signOut(input),
    fetchAuthSession: (options) => fetchAuthSession(options),
    getCurrentUser: () => getCurrentUser(),
    rememberDevice: async () => (await loadAuthFlows()).rememberDevice(),
    signInWithRedirect: (input) => signInWithRedirect(input),
    completeSignInWithRedirect: async () => {
      const result = await completeSignInWithRedirect();
      return result === null ? null : { customState: result.customState };
    },
    signInMachineInput: () => ({ runtime: getAuthRuntime() }),
    hasPendingSignIn: () => options.pendingSignIn ?? true,
    removeTokenCookies() {
      if (typeof document === 'undefined') return;
      const runtime = getAuthRuntime();
      removeTokenCookies(document.cookie, runtime.config.userPoolClientId, runtime.cookies ?? createDocumentCookies());
    },
  };
}

/** data-client's validation messages (SESSION_MESSAGES). */
export interface SessionMessages {
  valid: string;
  expired: string;
  none: string;
  noUser: string;
  noUserFound: string;
  error: string;
}

/** data-client's validation outcome in the app's words. */
export function toSessionValidation(result: { isValid: boolean; message: string; session?: DataPortSession }, messages: SessionMessages): SessionValidation {
  const session = result.session ?? null;
  if (result.isValid) return { status: 'valid', message: result.message, session };
  switch (result.message) {
    case messages.expired:
      return { status: 'expired', message: result.message, session };
    case messages.none:
      return { status: 'none', message: result.message, session };
    case messages.noUser:
    case messages.noUserFound:
      return { status: 'unauthenticated', message: result.message, session };
    default:
      return { status: 'error', message: result.message, session };
  }
}

type DataPortSession = NonNullable<SessionValidation['session']>;

/** data-client bound as the DataPort; `load` fetches and configures it on first use. */
export function createDataPort(load: () => Promise<{ client: DataClient; messages: SessionMessages }>): DataPort {
  let loaded: Promise<{ client: DataClient; messages: SessionMessages }> | undefined;
  const get = (): Promise<{ client: DataClient; messages: SessionMessages }> => (loaded ??= load());
  const client = async (): Promise<DataClient> => (await get()).client;
  return {
    async validateSession() {
      const { client: data, messages } = await get();
      return toSessionValidation(await data.sessions.validateSession(), messages);
    },
    async recordSignIn() {
      const recorded = await (await client()).recordSignIn();
      return { userId: recorded.userId, user: recorded.user, config: recorded.config, session: recorded.session };
    },
    async deactivateSession(id) {
      await (await client()).sessions.deactivateSession(id);
    },
    async loadUser() {
      const data = await client();
      const { loaded: found } = await data.users.loadCurrentUser();
      const config = await data.configs.loadFor(found.user);
      return { user: found.user, config };
    },
    async saveSetting(current, key, value) {
      // The stores keep plain records; data-client tells a temporary profile by its id prefix and flag.
      const user = current.user === null ? null : current.user.id.startsWith('temp-') ? { ...current.user, temporary: true as const } : current.user;
      const saved = await (await client()).saveSetting({ user: user as Parameters<DataClient['saveSetting']>[0]['user'], config: current.config as Parameters<DataClient['saveSetting']>[0]['config'] }, key, value);
      return { user: saved.user, config: saved.config };
    },
    models: async (): Promise<ModelClient> => (await client()).models,
    transport: async (): Promise<GraphqlTransport> => (await client()).transport,
  };
}
