// One real Steward server per test file (in-memory PGlite, a free port), and what a person would
// read from it: the runtime configuration and the dev outbox.
import { loadConfig, startServer, type RunningServer } from '@steward/server';
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

/** Starts the server with development settings; `env` overrides them. */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const config = loadConfig({ STEWARD_MODE: 'development', LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: 'memory://', WEB_DIST_DIR: '/nonexistent', ...env });
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
    close: () => server.close(),
  };
}

/** A unique, policy-conforming identity for one test. */
export function newIdentity(label: string): { username: string; email: string; password: string; phone: string } {
  const id = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toLowerCase();
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { username: id, email: `${id}@example.com`, password: `Pw-${id}-Aa1!`, phone: `+1555${digits}` };
}
