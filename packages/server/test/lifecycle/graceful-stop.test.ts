// A real server process stopped by SIGTERM under 16 concurrent writers, on each database: what its
// clients see (no request fails uncleanly: a 503 or a refused connection is fine, a reset or a cut
// answer is not), how it ends (exit 0 by itself within SHUTDOWN_TIMEOUT_SECONDS), and what it leaves
// (every acknowledged write is there after a restart; PGlite's folder is free for the next process);
// and a stop past its bound, which cuts what is open, says what, and exits 1.
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, TEST_POSTGRES_URL } from '../harness.js';
import { startPgliteServerProcess, startServerProcess, type ServerProcess } from '../server-process.js';
import { graphql, missingWrites, runWriters, signUpAndSignIn } from './write-load.js';

const BOUND_SECONDS = 20;
/** Rate limits off: 16 writers from one address would otherwise be throttled, which is not under test. */
const ENV = { CLIENT_REQUEST_LIMIT: '0', CODE_SEND_LIMIT: '0', SHUTDOWN_TIMEOUT_SECONDS: String(BOUND_SECONDS), LOG_LEVEL: 'warn' };

describe.each(['postgres', 'pglite'] as const)('SIGTERM under 16 concurrent writers on %s', (database) => {
  const schema = `t_stop_${randomBytes(4).toString('hex')}`;
  let dataDir = '';
  const processes: ServerProcess[] = [];
  const start = async (): Promise<ServerProcess> => {
    if (database === 'pglite' && dataDir === '') dataDir = await mkdtemp(path.join(tmpdir(), 'steward-stop-'));
    const server = database === 'postgres' ? await startServerProcess(schema, { ...ENV, MANAGED_LOGIN: 'false' }) : await startPgliteServerProcess(dataDir, ENV);
    processes.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of processes) await server.stop('SIGKILL');
    if (database === 'postgres') await dropSchema(schema);
    else if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  });

  it('fails no request uncleanly, exits 0 by itself within the bound, and keeps every acknowledged write across a restart', async () => {
    const first = await start();
    const user = await signUpAndSignIn(first.url);
    let giveUp: () => void = () => undefined;
    const safety = new Promise<void>((resolve) => (giveUp = resolve));
    const safetyTimer = setTimeout(giveUp, 45_000);
    const writing = runWriters(first.url, user, 16, safety);
    // Let the writers reach full speed on their keep-alive connections first.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const signalledAt = Date.now();
    const exited = once(first.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    first.child.kill('SIGTERM');
    const [code, signal] = await exited;
    const stopMs = Date.now() - signalledAt;
    const load = await writing;
    clearTimeout(safetyTimer);

    expect(load.unclean).toEqual([]);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(stopMs).toBeLessThan(BOUND_SECONDS * 1000);
    expect(load.counts.acknowledged).toBeGreaterThan(50);
    // Every writer ended on a refused connection: the listener closed and the process went away.
    expect(load.counts.refused).toBe(16);
    expect(first.output()).toMatch(/SIGTERM: stopping/);
    expect(first.output()).toMatch(/Stopped in \d+\.\d s\./);

    // The next process opens the same database (for PGlite: the folder lock was released) and has every write.
    const second = await start();
    expect(await missingWrites(second.url, user, load)).toEqual([]);
    const secondExit = once(second.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    second.child.kill('SIGINT');
    expect(await secondExit).toEqual([0, null]);
  }, 120_000);
});

describe('a stop that outlives SHUTDOWN_TIMEOUT_SECONDS', () => {
  const schema = `t_stop_${randomBytes(4).toString('hex')}`;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await dropSchema(schema);
  });

  it('cuts the request still in flight, names it, and exits 1 within the bound', async () => {
    server = await startServerProcess(schema, { ...ENV, MANAGED_LOGIN: 'false', SHUTDOWN_TIMEOUT_SECONDS: '3' });
    const user = await signUpAndSignIn(server.url);
    // Another session holds ConfigMdl: the create below waits on it for as long as the test wants.
    const blocker = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE "ConfigMdl" IN ACCESS EXCLUSIVE MODE');
      const stuck = graphql(server.url, user, 'mutation ($input: CreateConfigMdlInput!) { createConfigMdl(input: $input) { id } }', { input: { configName: 'stuck' } }).then(
        () => 'answered',
        () => 'cut',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const signalledAt = Date.now();
      const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      server.child.kill('SIGTERM');
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 1, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(3000 + 2000);
      expect(await stuck).toBe('cut');
      expect(server.output()).toMatch(/POST \/graphql, in flight \d+\.\d s/);
      expect(server.output()).toMatch(/Not stopped within SHUTDOWN_TIMEOUT_SECONDS=3|Stopped past the bound/);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
  }, 90_000);
});
