// `cli pools list|create|describe|delete` on an embedded PGlite folder and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/admin/cli-commands.js';
import { dropSchema, TEST_POSTGRES_URL } from '../harness.js';

async function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, { LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env }, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

describe.each(['pglite', 'postgres'] as const)('cli pools on %s', (database) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (database === 'postgres') {
      const schema = `t_cli_pools_${randomBytes(4).toString('hex')}`;
      env = { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema };
      cleanup = () => dropSchema(schema);
    } else {
      const dir = await mkdtemp(path.join(tmpdir(), 'steward-cli-pools-'));
      env = { DATA_DIR: dir };
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => cleanup());

  it('creates, lists, describes and deletes a pool; the default pool cannot be deleted', async () => {
    const created = await cli(env, 'pools', 'create', '--name', 'branch office', '--mfa', 'optional', '--min-password-length', '12', '--alias', 'email', '--auto-verify', 'email');
    expect(created.code).toBe(0);
    const pool = JSON.parse(created.out.replace(/^Created the user pool .*\n/, '')) as { Id: string; MfaConfiguration: string; AliasAttributes: string[]; Policies: { PasswordPolicy: { MinimumLength: number } } };
    expect(pool).toMatchObject({ MfaConfiguration: 'OPTIONAL', AliasAttributes: ['email'], Policies: { PasswordPolicy: { MinimumLength: 12 } } });
    expect(pool.Id).toMatch(/^us-east-1_[0-9A-Za-z]{9}$/);

    const listed = await cli(env, 'pools', 'list');
    expect(listed.out).toMatch(new RegExp(`^${pool.Id}\\s+branch office$`, 'm'));
    expect(listed.out).toMatch(/\(default\)$/m);
    const described = await cli(env, 'pools', 'describe', '--pool', pool.Id);
    expect((JSON.parse(described.out) as { Name: string }).Name).toBe('branch office');

    const defaultId = /^(\S+)\s+steward \(default\)$/m.exec(listed.out)?.[1] ?? '';
    await expect(cli(env, 'pools', 'delete', '--pool', defaultId)).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(cli(env, 'pools', 'delete')).rejects.toThrow(/--pool is required/);
    expect((await cli(env, 'pools', 'delete', '--pool', pool.Id)).out).toBe(`Deleted the user pool ${pool.Id} with its users, app clients and groups.`);
    expect((await cli(env, 'pools', 'list')).out).not.toContain(pool.Id);
    const unknown = await cli(env, 'pools', 'frobnicate');
    expect(unknown.code).toBe(1);
  }, 120_000);

  it('refuses to delete a pool whose deletion protection is on', async () => {
    const created = await cli(env, 'pools', 'create', '--name', 'kept', '--deletion-protection');
    const pool = JSON.parse(created.out) as { Id: string; DeletionProtection: string; UsernameConfiguration: { CaseSensitive: boolean } };
    expect(pool.DeletionProtection).toBe('ACTIVE');
    // Made by hand, a pool matches usernames in any case (the console's default), unless asked.
    expect(pool.UsernameConfiguration).toEqual({ CaseSensitive: false });
    const exact = JSON.parse((await cli(env, 'pools', 'create', '--name', 'exact names', '--case-sensitive-usernames')).out) as { UsernameConfiguration: { CaseSensitive: boolean } };
    expect(exact.UsernameConfiguration).toEqual({ CaseSensitive: true });
    await expect(cli(env, 'pools', 'delete', '--pool', pool.Id)).rejects.toMatchObject({ name: 'InvalidParameterException', message: expect.stringMatching(/deletion protection/) as unknown });
  }, 60_000);
});
