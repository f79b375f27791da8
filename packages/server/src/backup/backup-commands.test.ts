// `cli backup` and `cli restore` in-process, on real PGlite folders: a stopped folder is backed up
// directly; a restore goes only into a new or empty folder; PostgreSQL is pointed to its own tools.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../admin/cli-commands.js';
import { runBackupCommand } from './backup-commands.js';

async function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, { LOG_LEVEL: 'silent', ...env }, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

describe('cli backup and restore', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'steward-backup-cli-'));
    // A folder with the demo users, then closed: what a stopped server leaves.
    expect((await cli({ DATA_DIR: path.join(dir, 'source'), SEED_DEMO: 'true' }, 'list-users')).code).toBe(0);
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('backs up a stopped folder and restores it into a new one', async () => {
    const file = path.join(dir, 'stopped.tar.gz');
    const backup = await cli({ DATA_DIR: path.join(dir, 'source') }, 'backup', file);
    expect(backup).toMatchObject({ code: 0, out: expect.stringContaining('(the stopped folder)') as unknown });
    const restore = await cli({ DATA_DIR: path.join(dir, 'copy') }, 'restore', file);
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/3 users, migrations up to \d+\./);
    expect((await cli({ DATA_DIR: path.join(dir, 'copy') }, 'list-users')).out).toMatch(/^staff\s/m);
  });

  it('restores only into a new or empty folder, and only a PGlite backup', async () => {
    // Threat: a restore typed into the live folder overwriting (or mixing with) the production database.
    const file = path.join(dir, 'again.tar.gz');
    expect((await cli({ DATA_DIR: path.join(dir, 'source') }, 'backup', file)).code).toBe(0);
    await expect(cli({ DATA_DIR: path.join(dir, 'source') }, 'restore', file)).rejects.toThrow(/already holds a database/);
    await mkdir(path.join(dir, 'busy'));
    await writeFile(path.join(dir, 'busy', 'notes.txt'), 'keep me');
    await expect(cli({ DATA_DIR: path.join(dir, 'busy') }, 'restore', file)).rejects.toThrow(/is not empty/);
    const notBackup = path.join(dir, 'not-a-backup.tar.gz');
    await writeFile(notBackup, 'hello');
    await expect(cli({ DATA_DIR: path.join(dir, 'fresh') }, 'restore', notBackup)).rejects.toThrow(/not a Steward backup/);
  });

  it('names pg_dump and pg_restore, with the schema, when the database is PostgreSQL', async () => {
    const lines: string[] = [];
    const code = await runBackupCommand('backup', [path.join(dir, 'pg.dump')], { DATABASE_URL: 'postgres://steward@db.example/steward', DATABASE_SCHEMA: 'steward' }, (line) => lines.push(line));
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('pg_dump --format=custom --schema=steward --file=steward.dump "$DATABASE_URL"');
  });

  it('asks for exactly one file', async () => {
    for (const args of [[], ['a', 'b'], ['--force']]) expect((await cli({ DATA_DIR: path.join(dir, 'source') }, 'backup', ...args)).out).toBe('Usage: cli backup <file>');
  });
});
