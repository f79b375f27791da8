// `cli triggers secret show|rotate|retire`: how an admin gets and rotates the secret trigger
// webhooks verify with; on PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/admin/cli-commands.js';
import { loadConfig } from '../../../src/config/config.js';
import { openDatabase } from '../../../src/db/open-database.js';
import { BOTH_DATABASES, dropSchema, TEST_POSTGRES_URL } from '../../harness.js';

async function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, { LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env }, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

describe.each(BOTH_DATABASES)('cli triggers secret on %s', (database) => {
  let env: Record<string, string>;
  let folder: string | undefined;
  const schema = `t_trig_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    if (database === 'postgres') env = { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema };
    else {
      folder = await mkdtemp(path.join(tmpdir(), 'steward-trigger-cli-'));
      env = { DATA_DIR: folder };
    }
  });
  afterAll(async () => {
    if (database === 'postgres') await dropSchema(schema);
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  });

  const secretIn = (out: string, label: string): string | undefined => new RegExp(`${label}[^:]*: (whsec_[A-Za-z0-9_-]+)`).exec(out)?.[1];

  it('shows the secret, rotates it (both sign until the old one is retired) and records each change in the audit trail', async () => {
    const shown = await cli(env, 'triggers', 'secret', 'show');
    expect(shown.code).toBe(0);
    const first = secretIn(shown.out, 'Current secret');
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Stable: showing again does not make a new one.
    expect(secretIn((await cli(env, 'triggers', 'secret', 'show')).out, 'Current secret')).toBe(first);

    const rotated = await cli(env, 'triggers', 'secret', 'rotate');
    const second = secretIn(rotated.out, 'New secret');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(secretIn(rotated.out, 'Previous secret')).toBe(first);
    const during = await cli(env, 'triggers', 'secret', 'show');
    expect(secretIn(during.out, 'Current secret')).toBe(second);
    expect(secretIn(during.out, 'Previous secret')).toBe(first);

    expect((await cli(env, 'triggers', 'secret', 'retire')).out).toBe('The previous secret no longer signs.');
    const after = await cli(env, 'triggers', 'secret', 'show');
    expect(secretIn(after.out, 'Previous secret')).toBeUndefined();

    // Threat: a database reader learning the secret — it is stored sealed; and every change is audited.
    const db = await openDatabase(loadConfig({ LOG_LEVEL: 'silent', ...env }));
    try {
      const stored = await db.query<{ current_secret: string }>('SELECT current_secret FROM trigger_secrets');
      expect(stored[0]?.current_secret).toMatch(/^sealed\.v1\./);
      expect(stored[0]?.current_secret).not.toContain(second ?? '?');
      const audited = await db.query<{ action: string; actor_name: string }>(`SELECT action, actor_name FROM audit_log WHERE action = 'admin.trigger_secret.rotated' ORDER BY seq`);
      expect(audited).toEqual([
        { action: 'admin.trigger_secret.rotated', actor_name: 'cli' },
        { action: 'admin.trigger_secret.rotated', actor_name: 'cli' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('answers an unknown sub-command with the usage and exit code 1', async () => {
    expect(await cli(env, 'triggers', 'secret', 'burn')).toEqual({ code: 1, out: 'Unknown triggers command burn: use triggers secret show, rotate or retire.' });
    expect((await cli(env, 'triggers', 'key', 'show')).code).toBe(1);
  });
});
