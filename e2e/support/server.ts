// One real Steward server per test file (in-memory PGlite, a free port), and what a person would
// read from it: the runtime configuration and the dev outbox.
import { randomBytes } from 'node:crypto';
import { loadConfig, startServer, type RunningServer } from '@steward/server';
import { TEST_POSTGRES_URL, dropSchema } from '@steward/server/test/harness';
import { createAuthRuntime, createMemoryStorage, createNoCookies, type AuthRuntime, type KeyValueStorage } from '@steward/auth-core';

/** A started server plus helpers bound to it. */
export interface E2eServer {
  readonly server: RunningServer;
  readonly url: string;
  readonly runtimeConfig: Record<string, unknown>;
  /** A fresh auth-core runtime (its own storage, like a new browser profile) pointed at the server. */
  newBrowser(storage?: KeyValueStorage): AuthRuntime;
  /** The newest code the dev outbox holds for a destination (email or phone). */
  latestCode(destination: string): Promise<string>;
  close(): Promise<void>;
}

/** The databases the cross-package suites run on: embedded PGlite and this machine's PostgreSQL. */
export const E2E_DATABASES = ['pglite', 'postgres'] as const;

/** Starts the server with development settings on PGlite (in memory) or on a fresh schema of the local PostgreSQL; `env` overrides them. */
export async function startE2eServer(env: Record<string, string> = {}, database: (typeof E2E_DATABASES)[number] = 'pglite'): Promise<E2eServer> {
  const schema = database === 'postgres' ? `e2e_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    STEWARD_MODE: 'development',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: 'memory://',
    WEB_DIST_DIR: '/nonexistent',
    ...(schema === undefined ? {} : { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema }),
    ...env,
  });
  const server = await startServer(config);
  const runtimeConfig = (await (await fetch(`${server.url}/runtime-config.json`)).json()) as Record<string, unknown>;
  return {
    server,
    url: server.url,
    runtimeConfig,
    newBrowser(storage = createMemoryStorage()) {
      return createAuthRuntime({ ...(runtimeConfig as { userPoolId: string; userPoolClientId: string }), storage, cookies: createNoCookies() });
    },
    async latestCode(destination) {
      const res = await fetch(`${server.url}/dev/outbox?destination=${encodeURIComponent(destination)}`);
      const body = (await res.json()) as { messages: { code: string | null }[] };
      const code = body.messages[0]?.code;
      if (code === undefined || code === null) throw new Error(`no code sent to ${destination}`);
      return code;
    },
    async close() {
      await server.close();
      if (schema !== undefined) await dropSchema(schema);
    },
  };
}

/** A unique, policy-conforming identity for one test. */
export function newIdentity(label: string): { username: string; email: string; password: string; phone: string } {
  const id = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toLowerCase();
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { username: id, email: `${id}@example.com`, password: `Pw-${id}-Aa1!`, phone: `+1555${digits}` };
}
