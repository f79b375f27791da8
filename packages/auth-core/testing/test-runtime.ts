// Test support: an isolated runtime over the fake Cognito with a settable clock, memory storage,
// recording cookies, a recording Hub and unsigned JWTs. The clock, cookies and token makers are
// public through @steward/auth-core/testing; the harness (TEST_CONFIG, createTestHarness) is for
// auth-core's own tests.
import { UnsecuredJWT } from 'jose';
import { createFakeCognito } from './fake-cognito.js';
import type { FakeCognito } from './fake-cognito.js';
import type { AuthenticationResultType } from '../src/cognito/user-pool-operations.js';
import type { AuthHubPayload } from '../src/events/auth-hub.js';
import type { CookiePort, CookieWriteOptions } from '../src/storage/cookies.js';
import type { KeyValueStorage } from '../src/storage/key-value-storage.js';
import { createMemoryStorage } from '../src/storage/memory-storage.js';
import { createAuthRuntime } from '../src/runtime/auth-runtime.js';
import type { AuthOptions, AuthRuntime, AuthRuntimeIO } from '../src/runtime/auth-runtime.js';
import type { WebAuthnPort } from '../src/runtime/web-authn-port.js';

/** A clock tests move by hand. */
export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

/** Creates a clock starting at `start` ms since the epoch (default 2025-01-15T12:00:00Z). */
export function createTestClock(start = Date.UTC(2025, 0, 15, 12, 0, 0)): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** Cookies kept in a map, with every write logged. */
export interface RecordingCookies extends CookiePort {
  jar: Map<string, { value: string; options: CookieWriteOptions | undefined }>;
  log: string[];
}

/** Creates a cookie port that keeps cookies in `jar` and logs every write. */
export function createRecordingCookies(): RecordingCookies {
  const jar = new Map<string, { value: string; options: CookieWriteOptions | undefined }>();
  const log: string[] = [];
  return {
    jar,
    log,
    get: (name) => jar.get(name)?.value,
    set: (name, value, options) => {
      jar.set(name, { value, options });
      log.push(`set ${name}`);
    },
    remove: (name) => {
      jar.delete(name);
      log.push(`remove ${name}`);
    },
  };
}

/** An unsigned JWT with the given claims (auth-core never checks signatures, so it reads it like a signed one). */
export function makeJwt(claims: Record<string, unknown>): string {
  return new UnsecuredJWT(claims).encode();
}

/** Claims shared by the test tokens. */
export interface TestTokenClaims {
  sub?: string;
  username?: string;
  /** Issued at, epoch seconds. */
  iat: number;
  /** Lifetime in seconds; default 3600. */
  lifetime?: number;
  iss?: string;
}

/** An AuthenticationResult with unsigned access, id and refresh tokens issued at `iat` (default user alice, client client123, pool us-east-1_TestPool). */
export function makeAuthenticationResult(claims: TestTokenClaims, extra: Partial<AuthenticationResultType> = {}): AuthenticationResultType {
  const sub = claims.sub ?? '11111111-2222-3333-4444-555555555555';
  const username = claims.username ?? 'alice';
  const exp = claims.iat + (claims.lifetime ?? 3600);
  const iss = claims.iss ?? 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool';
  return {
    AccessToken: makeJwt({ sub, username, iat: claims.iat, exp, iss, token_use: 'access', client_id: 'client123' }),
    IdToken: makeJwt({ sub, 'cognito:username': username, iat: claims.iat, exp, iss, token_use: 'id', aud: 'client123', email: 'alice@example.com' }),
    RefreshToken: 'refresh-token-1',
    ExpiresIn: claims.lifetime ?? 3600,
    TokenType: 'Bearer',
    ...extra,
  };
}

/** The standard test configuration. */
export const TEST_CONFIG: AuthOptions = { userPoolId: 'us-east-1_TestPool', userPoolClientId: 'client123' };

/** Everything a test needs around one runtime. */
export interface TestHarness {
  runtime: AuthRuntime;
  fake: FakeCognito;
  clock: TestClock;
  storage: KeyValueStorage;
  cookies: RecordingCookies;
  /** Every Hub event, in order. */
  events: AuthHubPayload[];
  redirects: string[];
}

/** Builds an isolated runtime over a fresh fake Cognito. */
export function createTestHarness(
  options: { config?: Partial<AuthOptions>; io?: Partial<AuthRuntimeIO>; webAuthn?: WebAuthnPort } = {},
): TestHarness {
  const fake = createFakeCognito({
    ...(options.config?.userPoolEndpoint ? { userPool: options.config.userPoolEndpoint } : {}),
    ...(options.config?.identityPoolEndpoint ? { identityPool: options.config.identityPoolEndpoint } : {}),
  });
  const clock = createTestClock();
  const storage = createMemoryStorage();
  const cookies = createRecordingCookies();
  const redirects: string[] = [];
  const runtime = createAuthRuntime(
    { ...TEST_CONFIG, ...options.config },
    {
      fetch: fake.fetch,
      clock,
      storage,
      cookies,
      redirect: (url) => {
        redirects.push(url);
      },
      location: () => ({ origin: 'https://app.example.com', pathname: '/settings/profile' }),
      deviceName: 'Test Browser',
      ...(options.webAuthn ? { webAuthn: options.webAuthn } : {}),
      ...options.io,
    },
  );
  const events: AuthHubPayload[] = [];
  runtime.hub.listen('auth', ({ payload }) => {
    events.push(payload);
  });
  return { runtime, fake, clock, storage, cookies, events, redirects };
}

/** Seconds since the epoch for a clock. */
export function epochSeconds(clock: TestClock): number {
  return Math.floor(clock.now() / 1000);
}
