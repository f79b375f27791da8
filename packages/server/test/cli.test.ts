import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/admin/cli-commands.js';
import { dropSchema, TEST_POSTGRES_URL } from './harness.js';

async function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, { LOG_LEVEL: 'silent', ...env }, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

describe('CLI', () => {
  const schema = `t_cli_${randomBytes(4).toString('hex')}`;
  const pgEnv = { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema, SEED_DEMO: 'false' };
  afterAll(async () => {
    await dropSchema(schema);
  });

  it('creates a confirmed user in a group and lists it', async () => {
    const created = await cli(pgEnv, 'create-user', '--username', 'carol', '--password', 'Car0l-Passw0rd!', '--email', 'carol@example.com', '--group', 'Admins', '--attribute', 'custom:clientNumber=C-77');
    expect(created.code).toBe(0);
    expect(created.out).toContain('Created carol (CONFIRMED)');
    const listed = await cli(pgEnv, 'list-users');
    expect(listed.out).toMatch(/carol\s+CONFIRMED\s+enabled\s+carol@example.com/);
    const filtered = await cli(pgEnv, 'list-users', '--filter', 'email ^= "nobody"');
    expect(filtered.out.split('\n')).toHaveLength(1);
  });

  it('creates a user with a temporary password when asked', async () => {
    const created = await cli(pgEnv, 'create-user', '--username', 'dave', '--password', 'Dave-Passw0rd!', '--email', 'dave@example.com', '--temporary');
    expect(created.out).toContain('FORCE_CHANGE_PASSWORD');
  });

  it('reports an operation error by name and exits non-zero', async () => {
    await expect(cli(pgEnv, 'create-user', '--username', 'carol', '--password', 'Car0l-Passw0rd!', '--email', 'c@example.com')).rejects.toMatchObject({ name: 'UsernameExistsException' });
    await expect(cli(pgEnv, 'create-user', '--username', 'weak', '--password', 'weak', '--email', 'w@example.com')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
  });

  it('rotates the signing key and keeps the old one published', async () => {
    const first = await cli(pgEnv, 'rotate-keys');
    expect(first.out).toMatch(/^New signing key \S+ is active\./);
    const second = await cli(pgEnv, 'rotate-keys');
    const newKid = /New signing key (\S+) is active/.exec(first.out)?.[1];
    expect(second.out).toContain(`Retired (still published until their tokens expire): ${newKid ?? '?'}`);
  });

  it('migrates and does nothing else: a second run finds nothing to apply, and no user pool was created', async () => {
    const own = `t_cli_${randomBytes(4).toString('hex')}`;
    const env = { ...pgEnv, DATABASE_SCHEMA: own };
    try {
      const first = await cli(env, 'migrate');
      expect(first).toMatchObject({ code: 0, out: expect.stringMatching(/^Applied migrations 1, 2, .* \(postgres\)\.$/) as unknown });
      expect(await cli(env, 'migrate')).toEqual({ code: 0, out: 'Migrations up to date (postgres).' });
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${own}` });
      await client.connect();
      try {
        expect((await client.query('SELECT count(*)::int AS n FROM user_pools')).rows).toEqual([{ n: 0 }]);
      } finally {
        await client.end();
      }
    } finally {
      await dropSchema(own);
    }
  });

  it('keeps users across runs on an embedded PGlite folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'steward-cli-'));
    try {
      const env = { DATA_DIR: dir, SEED_DEMO: 'true' };
      expect((await cli(env, 'list-users')).out).toContain('admin');
      await cli(env, 'delete-user', '--username', 'client');
      const after = await cli(env, 'list-users');
      expect(after.out).toContain('staff');
      expect(after.out).not.toMatch(/^client\s/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // Three processes, each opening the folder and (the first) seeding the demo data: ~20 s alone.
  }, 120_000);

  it('prints help for an unknown command', async () => {
    const result = await cli(pgEnv, 'frobnicate');
    expect(result.code).toBe(1);
    expect(result.out).toContain('Usage: pnpm --filter @steward/server cli');
  });
});
