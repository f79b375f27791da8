// PGlite supports one process per data folder: a second server, CLI or migration writing the same
// folder as a running server would corrupt it. The first process holds `<folder>/steward.lock`;
// later ones stop with a message naming it, and a lock left by a killed process does not block a
// restart. Real processes (the server and the CLI under tsx) on a real PGlite folder.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError } from '../src/db/folder-lock.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { callAt, runCliProcess, startPgliteServerProcess, type ServerProcess } from './server-process.js';

// Server processes migrate a fresh PGlite folder on first start: slow on a loaded machine.
describe('one process per PGlite folder', { timeout: 180_000 }, () => {
  let dir: string;
  let first: ServerProcess | undefined;
  const cliEnv = (): Record<string, string | undefined> => {
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    return { ...inherited, DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'steward-lock-'));
  });
  afterAll(async () => {
    await first?.stop('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second server and the CLI while a server runs on the folder, naming the holding process', async () => {
    first = await startPgliteServerProcess(dir);
    const pid = first.child.pid ?? -1;
    expect(JSON.parse(await readFile(path.join(dir, 'steward.lock'), 'utf8'))).toMatchObject({ pid, hostname: hostname() });

    const second = await startPgliteServerProcess(dir).then(
      async (started) => {
        await started.stop();
        return 'started';
      },
      (error: unknown) => String(error),
    );
    expect(second).toContain(`is in use by process ${String(pid)}`);

    const cli = await runCliProcess(cliEnv(), 'create-user', '--username', 'dana', '--password', 'Dana-Passw0rd!', '--email', 'dana@example.com');
    expect(cli.code).toBe(1);
    expect(cli.output).toContain(`is in use by process ${String(pid)}`);
    // The CLI says how to do the same through the running server.
    expect(cli.output).toMatch(/Admin API.*docs\/server\.md/s);
    expect(cli.output).toContain('AdminCreateUser');

    // The running server was not disturbed.
    const reply = await callAt(first.url, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'x', AuthParameters: { USERNAME: 'a', PASSWORD: 'b' } });
    expect(reply.body.__type).toBe('ResourceNotFoundException');
  });

  it('lets a server start after the holder was killed with SIGKILL, and releases the lock on a clean stop', async () => {
    await first?.stop('SIGKILL');
    // The killed process could not remove its lock.
    expect(existsSync(path.join(dir, 'steward.lock'))).toBe(true);
    first = await startPgliteServerProcess(dir);
    const pid = first.child.pid ?? -1;
    expect(JSON.parse(await readFile(path.join(dir, 'steward.lock'), 'utf8'))).toMatchObject({ pid });
    await first.stop('SIGTERM');
    expect(existsSync(path.join(dir, 'steward.lock'))).toBe(false);

    const cli = await runCliProcess(cliEnv(), 'list-users');
    expect(cli.output).not.toContain('in use');
    expect(cli.code).toBe(0);
  });

  it('takes over a lock whose process id now belongs to another process (pid reuse)', async () => {
    const lockDir = await mkdtemp(path.join(tmpdir(), 'steward-lock-reuse-'));
    try {
      // This test process is alive, but it is not the process that wrote the lock: its start time differs.
      await writeFile(path.join(lockDir, 'steward.lock'), JSON.stringify({ pid: process.pid, hostname: hostname(), bootId: null, startTicks: '1', startedAt: '2020-01-01T00:00:00.000Z' }));
      const db = await openPgliteDatabase(lockDir);
      expect(JSON.parse(await readFile(path.join(lockDir, 'steward.lock'), 'utf8'))).toMatchObject({ pid: process.pid, startedAt: expect.not.stringMatching(/^2020/) as unknown });
      // And the same folder again in this process is refused: PGlite cannot share it either.
      await expect(openPgliteDatabase(lockDir)).rejects.toBeInstanceOf(DatabaseLockedError);
      await db.close();
      expect(existsSync(path.join(lockDir, 'steward.lock'))).toBe(false);
    } finally {
      await rm(lockDir, { recursive: true, force: true });
    }
  });
});
