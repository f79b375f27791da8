// @steward/auth-core/testing: test doubles for unit tests of apps built on auth-core. Nothing here
// imports a test runner, so it works under vitest, jest, node:test or in a browser. Usage:
// docs/auth-core.md, "Testing your app: @steward/auth-core/testing". auth-core's own test helpers
// (the scripted harness, the scriptable SRP pool, property-test scripts) sit beside these files and
// are deliberately not exported.

// ---- the in-memory user pool and runtimes wired to it ----
export { createInMemoryUserPool } from './in-memory-user-pool.js';
export type {
  CodePurpose,
  InMemoryMfa,
  InMemoryUser,
  InMemoryUserPool,
  InMemoryUserPoolOptions,
  NewInMemoryUser,
  SentCode,
} from './in-memory-user-pool.js';
export { configureInMemoryAuth, createInMemoryAuthRuntime } from './in-memory-auth.js';

// ---- the fake Cognito transport (script any operation by hand) ----
export { FAKE_IDENTITY_POOL_ENDPOINT, FAKE_USER_POOL_ENDPOINT, cognitoError, createFakeCognito } from './fake-cognito.js';
export type { FakeAnswer, FakeCall, FakeCognito, FakeHandler, FakeReply } from './fake-cognito.js';

// ---- ports and tokens for hand-built runtimes ----
export { createRecordingCookies, createTestClock, makeAuthenticationResult, makeJwt } from './test-runtime.js';
export type { RecordingCookies, TestClock, TestTokenClaims } from './test-runtime.js';
