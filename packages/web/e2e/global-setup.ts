// Starts the real server (pnpm --filter @steward/server start) on a free port with a fresh PGlite
// database in a temporary folder, serving packages/web/dist; the tests get its URL via inject().
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(WEB_ROOT, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

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

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
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

/** Vitest global setup (named `setup`): start the server, provide its URL; the returned function stops it. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(WEB_ROOT, 'dist', 'index.html'))) throw new Error('packages/web/dist is missing: run `pnpm --filter @steward/web build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'steward-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn('pnpm', ['--filter', '@steward/server', 'start'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'pglite'), STEWARD_MODE: 'development', LOG_LEVEL: 'warn', WEB_DIST_DIR: path.join(WEB_ROOT, 'dist') },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
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
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  return stop;
}
