// The real bindings of the ports: auth-core's Amplify-shaped functions and data-client.
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  createDocumentCookies,
  fetchAuthSession,
  getAuthRuntime,
  getCurrentUser,
  rememberDevice,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from '@steward/auth-core';
import { SESSION_MESSAGES } from '@steward/data-client';
import type { DataClient } from '@steward/data-client';
import type { AuthPort, DataPort, SessionValidation } from './ports';
import { removeTokenCookies } from './token-cookies';

/** auth-core bound as the AuthPort. */
export function createAuthPort(): AuthPort {
  return {
    signIn: (input) => signIn(input),
    confirmSignIn: (input) => confirmSignIn(input),
    signUp: (input) => signUp(input),
    confirmSignUp: (input) => confirmSignUp(input),
    resendSignUpCode: (input) => resendSignUpCode(input),
    autoSignIn: () => autoSignIn(),
    resetPassword: (input) => resetPassword(input),
    confirmResetPassword: (input) => confirmResetPassword(input),
    signOut: (input) => signOut(input),
    fetchAuthSession: (options) => fetchAuthSession(options),
    getCurrentUser: () => getCurrentUser(),
    rememberDevice: () => rememberDevice(),
    signInMachineInput: () => ({ runtime: getAuthRuntime() }),
    removeTokenCookies() {
      if (typeof document === 'undefined') return;
      const runtime = getAuthRuntime();
      removeTokenCookies(document.cookie, runtime.config.userPoolClientId, runtime.cookies ?? createDocumentCookies());
    },
  };
}

/** data-client's validation outcome in the app's words. */
export function toSessionValidation(result: { isValid: boolean; message: string; session?: DataPortSession }): SessionValidation {
  const session = result.session ?? null;
  if (result.isValid) return { status: 'valid', message: result.message, session };
  switch (result.message) {
    case SESSION_MESSAGES.expired:
      return { status: 'expired', message: result.message, session };
    case SESSION_MESSAGES.none:
      return { status: 'none', message: result.message, session };
    case SESSION_MESSAGES.noUser:
    case SESSION_MESSAGES.noUserFound:
      return { status: 'unauthenticated', message: result.message, session };
    default:
      return { status: 'error', message: result.message, session };
  }
}

type DataPortSession = NonNullable<SessionValidation['session']>;

/** data-client bound as the DataPort. */
export function createDataPort(client: DataClient): DataPort {
  return {
    validateSession: async () => toSessionValidation(await client.sessions.validateSession()),
    async recordSignIn() {
      const recorded = await client.recordSignIn();
      return { userId: recorded.userId, user: recorded.user, config: recorded.config, session: recorded.session };
    },
    async deactivateSession(id) {
      await client.sessions.deactivateSession(id);
    },
    async loadUser() {
      const { loaded } = await client.users.loadCurrentUser();
      const config = await client.configs.loadFor(loaded.user);
      return { user: loaded.user, config };
    },
    async saveSetting(current, key, value) {
      // The stores keep plain records; data-client tells a temporary profile by its id prefix and flag.
      const user = current.user === null ? null : current.user.id.startsWith('temp-') ? { ...current.user, temporary: true as const } : current.user;
      const saved = await client.saveSetting({ user: user as Parameters<DataClient['saveSetting']>[0]['user'], config: current.config as Parameters<DataClient['saveSetting']>[0]['config'] }, key, value);
      return { user: saved.user, config: saved.config };
    },
    models: client.models,
  };
}
