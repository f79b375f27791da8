// Starts the real server (pnpm --filter @steward/server start) on a free port with a fresh PGlite
// database in a temporary folder, serving packages/web/dist. Used by the e2e suite and the benchmark.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(WEB_ROOT, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForConfig(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/runtime-config.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start in 90 s:\n${log()}`);
}

/** A running server and how to stop it. */
export interface RunningServer {
  baseUrl: string;
  /** Managed login's https origin (a self-signed development certificate: browsers must ignore HTTPS errors). */
  managedLoginUrl: string;
  stop: () => Promise<void>;
}

/** How the browser reaches the server. */
export interface ServerOptions {
  /**
   * `localhost` serves the app at http://localhost:PORT with PUBLIC_URL set to it, so the pool's
   * WebAuthn relying party is `localhost`: browsers refuse IP addresses as RP IDs, so passkeys
   * cannot work on http://127.0.0.1. Default `127.0.0.1` (no PUBLIC_URL; the benchmark's setup).
   */
  publicHost?: 'localhost' | '127.0.0.1';
  /** Serve this folder as the web app instead of packages/web/dist (a test page). */
  webDistDir?: string;
  /** More settings for the server (they override the defaults here). */
  env?: Record<string, string>;
}

/** Starts the server serving the production build; throws when the build is missing or the server fails. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const webDistDir = options.webDistDir ?? path.join(WEB_ROOT, 'dist');
  if (!existsSync(path.join(webDistDir, 'index.html'))) throw new Error(`${webDistDir} has no index.html: run \`pnpm --filter @steward/web build\` first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'steward-web-'));
  const port = await freePort();
  const loginPort = await freePort();
  const managedLoginUrl = `https://localhost:${loginPort}`;
  const baseUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  let output = '';
  const child = spawn('pnpm', ['--filter', '@steward/server', 'start'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), MANAGED_LOGIN_PORT: String(loginPort), METRICS_PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'pglite'), STEWARD_MODE: 'development', LOG_LEVEL: 'warn', WEB_DIST_DIR: webDistDir, ...(options.publicHost === 'localhost' ? { PUBLIC_URL: baseUrl } : {}), ...options.env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.pid !== undefined && child.exitCode === null) {
      // The server runs under pnpm and tsx: end the whole process group it leads.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForConfig(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, managedLoginUrl, stop };
}
