// Test doubles of the two ports for component tests: every call is a vi.fn the test scripts; an
// unscripted call fails loudly so a test never passes by accident.
import type { AuthSession, JWT, JwtPayload } from '@steward/auth-core';
import { vi } from 'vitest';
import type { Mock } from 'vitest';
import type { AccountPort, AuthPort, DataPort } from '../app/ports';
import type { AppServices } from '../app/ports-context';
import type { SessionRecord } from '../stores/session-store';
import { parseRuntimeConfig } from '../app/runtime-config';

type Mocked<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : T[K] };

function unscripted(name: string) {
  return () => {
    throw new Error(`${name} was called but the test did not script it`);
  };
}

/** A JWT-shaped value (toString gives the raw token). */
export function fakeJwt(raw: string, payload: JwtPayload = {}): JWT {
  const token: JWT = { payload, toString: () => raw };
  return token;
}

/** An unsigned JWT string carrying `payload` (the app only reads claims; the server verifies). */
export function unsignedJwt(payload: JwtPayload): string {
  const part = (value: object): string => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

/** A signed-in session as fetchAuthSession returns it; `groups` go in the id token's cognito:groups. */
export function signedInSession(sub = 'sub-123', groups: readonly string[] = []): AuthSession {
  const idPayload: JwtPayload = groups.length === 0 ? { sub } : { sub, 'cognito:groups': [...groups] };
  const idRaw = groups.length === 0 ? 'id-token' : unsignedJwt(idPayload);
  return { tokens: { accessToken: fakeJwt('access-token', { sub }), idToken: fakeJwt(idRaw, idPayload) }, userSub: sub };
}

/** An AuthPort whose every method is a scriptable mock (signed out by default). */
export function scriptedAuth(): Mocked<AuthPort> {
  const names: (keyof AuthPort)[] = [
    'signIn', 'confirmSignIn', 'signUp', 'confirmSignUp', 'resendSignUpCode', 'autoSignIn', 'resetPassword', 'confirmResetPassword',
    'signOut', 'fetchAuthSession', 'getCurrentUser', 'rememberDevice', 'removeTokenCookies', 'signInWithRedirect', 'completeSignInWithRedirect',
  ];
  const port = Object.fromEntries(names.map((name) => [name, vi.fn(unscripted(name))])) as unknown as Mocked<AuthPort>;
  port.fetchAuthSession.mockResolvedValue({});
  port.signOut.mockResolvedValue(undefined);
  port.removeTokenCookies.mockImplementation(() => undefined);
  port.completeSignInWithRedirect.mockResolvedValue(null);
  port.getCurrentUser.mockResolvedValue({ username: 'alice', userId: 'sub-123' });
  return port;
}

/** A session record as data-client returns it. */
export function sessionRecord(overrides: Partial<SessionRecord> = {}): SessionRecord {
  const start = Math.floor(Date.now() / 1000);
  return {
    id: 's1', sessionId: 'abcdef1234_20250101T000000', userId: 'sub-123', sessionStart: start, sessionLength: 3600, sessionEnd: start + 3600, isActive: true,
    sessionData: '{"accessToken":true,"idToken":true}', userData: null, configData: null, usermdlID: null, configmdlID: null, sessionmdlID: null,
    createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), _version: 1, ...overrides,
  };
}

/** An AccountPort whose every method is a scriptable mock. */
export function scriptedAccount(): Mocked<AccountPort> {
  const names: (keyof AccountPort)[] = [
    'fetchUserAttributes', 'updateUserAttributes', 'confirmUserAttribute', 'sendUserAttributeVerificationCode', 'updatePassword', 'setUpTOTP', 'verifyTOTPSetup',
    'fetchMFAPreference', 'updateMFAPreference', 'fetchDevices', 'forgetDevice', 'associateWebAuthnCredential', 'listWebAuthnCredentials', 'deleteWebAuthnCredential',
    'accessToken', 'groups',
  ];
  return Object.fromEntries(names.map((name) => [name, vi.fn(unscripted(name))])) as unknown as Mocked<AccountPort>;
}

/** A DataPort whose every method is a scriptable mock (no session, no records by default). */
export function scriptedData(): Mocked<DataPort> {
  return {
    validateSession: vi.fn(async () => ({ status: 'none' as const, message: 'No active session found', session: null })),
    recordSignIn: vi.fn(async () => ({ userId: 'sub-123', user: null, config: null, session: null })),
    deactivateSession: vi.fn(async () => undefined),
    loadUser: vi.fn(async () => ({ user: null, config: null })),
    saveSetting: vi.fn(unscripted('saveSetting')),
    models: vi.fn(async () =>
      new Proxy({} as Awaited<ReturnType<DataPort['models']>>, {
        get: (_target, entity) => new Proxy({}, { get: (_t, operation) => unscripted(`models.${String(entity)}.${String(operation)}`) }),
      }),
    ),
    transport: vi.fn(unscripted('transport')),
  };
}

/** The runtime configuration tests use. */
export const TEST_CONFIG = parseRuntimeConfig({
  region: 'us-east-1',
  userPoolId: 'us-east-1_Test',
  userPoolClientId: 'client-1',
  userPoolEndpoint: 'http://127.0.0.1:9/',
  graphqlEndpoint: 'http://127.0.0.1:9/graphql',
});

/** Services for a test: scripted ports and a fetch that refuses. */
export function testServices(
  overrides: Partial<{ auth: Mocked<AuthPort>; data: Mocked<DataPort>; account: Mocked<AccountPort> }> = {},
): AppServices & { auth: Mocked<AuthPort>; data: Mocked<DataPort>; account: Mocked<AccountPort> } {
  const account = overrides.account ?? scriptedAccount();
  return {
    auth: overrides.auth ?? scriptedAuth(),
    data: overrides.data ?? scriptedData(),
    account,
    loadAccountPort: async () => account,
    config: TEST_CONFIG,
    fetch: vi.fn<typeof fetch>(async () => {
      throw new Error('fetch was called but the test did not script it');
    }),
  };
}
