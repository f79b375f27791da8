// A real server process (`src/main.ts` under tsx) for tests that need more than one process on
// one PostgreSQL schema (shared limits, cross-process revocation, a process killed mid-request) or
// on one PGlite folder (which only one process may open), and the CLI in a process of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { systemClock } from '../src/time/clock.js';
import { dropSchema, startTestServer, TEST_POSTGRES_URL, type TestServer } from './harness.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A started server process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Ends the process (SIGTERM unless another signal is given) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `src/main.ts` on the PostgreSQL schema `schema` (created and migrated by whoever starts first). */
export function startServerProcess(schema: string, env: Readonly<Record<string, string>> = {}): Promise<ServerProcess> {
  return spawnServerProcess({ ...process.env, DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema, PORT: '0', LOG_LEVEL: 'warn', STEWARD_MODE: 'development', ...env });
}

/** Starts `src/main.ts` on the embedded PGlite database in `dataDir` (no managed login: its fixed port would clash). */
export function startPgliteServerProcess(dataDir: string, env: Readonly<Record<string, string>> = {}): Promise<ServerProcess> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  return spawnServerProcess({ ...inherited, DATA_DIR: dataDir, PORT: '0', MANAGED_LOGIN: 'false', LOG_LEVEL: 'warn', STEWARD_MODE: 'development', SEED_DEMO: 'false', ...env });
}

/** Runs the CLI (`src/cli.ts`) in its own process; resolves with its exit code and everything it printed. */
export function runCliProcess(env: Readonly<Record<string, string | undefined>>, ...argv: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=steward-source', 'src/cli.ts', ...argv], { cwd: packageDir, env: { ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output: printed })));
}

function spawnServerProcess(env: Readonly<Record<string, string | undefined>>): Promise<ServerProcess> {
  // node itself with tsx's loader, not the tsx CLI: the CLI runs the server in a child process of
  // its own, so a SIGKILL (which it cannot relay) would leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=steward-source', 'src/main.ts'], {
    cwd: packageDir,
    env: { ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${printed}`)), 90_000);
    const check = setInterval(() => {
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(printed);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        clearInterval(check);
        resolve({ child, url: match[1], output: () => printed, stop });
      }
    }, 50);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`server exited with ${String(code)}:\n${printed}`));
    });
  });
}

/** A user-pool JSON 1.1 call to the server at `url` (another process than the harness's). */
export async function callAt(url: string, target: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target.includes('.') ? target : `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The harness's in-process server and a second server process on one fresh PostgreSQL schema. */
export interface TwoProcesses {
  readonly server: TestServer;
  readonly other: ServerProcess;
  close(): Promise<void>;
}

/**
 * Starts two server processes on one fresh PostgreSQL schema with the same `env`, both on the wall
 * clock (a manual clock in one would disagree with the other about lockouts and expiry).
 */
export async function startTwoProcesses(env: Readonly<Record<string, string>>): Promise<TwoProcesses> {
  const schema = `t_two_${randomBytes(4).toString('hex')}`;
  const server = await startTestServer({ database: 'postgres', schema, env, clock: systemClock });
  const other = await startServerProcess(schema, env);
  return {
    server,
    other,
    async close() {
      await other.stop();
      await server.close();
      await dropSchema(schema);
    },
  };
}
