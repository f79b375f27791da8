// Runtimes wired to an in-memory user pool: the pool's transport and clock, memory storage and no
// cookies, so one test's session never leaks into the next through localStorage or document.cookie.
import { configure, createAuthRuntime } from '../src/runtime/auth-runtime.js';
import type { AuthRuntime, AuthRuntimeIO } from '../src/runtime/auth-runtime.js';
import { createNoCookies } from '../src/storage/cookies.js';
import { createMemoryStorage } from '../src/storage/memory-storage.js';
import type { InMemoryUserPool } from './in-memory-user-pool.js';

function inMemoryIO(pool: InMemoryUserPool, io: Partial<AuthRuntimeIO>): Partial<AuthRuntimeIO> {
  return { fetch: pool.fetch, clock: pool.clock, storage: createMemoryStorage(), cookies: createNoCookies(), deviceName: 'In-memory test', ...io };
}

/** An isolated runtime (own Hub) wired to `pool`; `io` replaces any port. Use it with the `…With` functions. */
export function createInMemoryAuthRuntime(pool: InMemoryUserPool, io: Partial<AuthRuntimeIO> = {}): AuthRuntime {
  return createAuthRuntime(pool.authOptions, inMemoryIO(pool, io));
}

/** `configure()` against `pool` (events go to the exported Hub), for code calling `signIn`, `fetchAuthSession`, … directly. */
export function configureInMemoryAuth(pool: InMemoryUserPool, io: Partial<AuthRuntimeIO> = {}): AuthRuntime {
  return configure(pool.authOptions, inMemoryIO(pool, io));
}
