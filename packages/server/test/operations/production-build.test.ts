// The production build as docs/operations.md runs it: `pnpm --filter @steward/server build` (skipped
// when dist/ is newer than every source, see server-build.ts), then plain
// `node dist/cli.js migrate`, `node dist/cli.js create-user` and `node dist/main.js` (no tsx, no
// TypeScript sources) in production mode on PostgreSQL. A user signs in over HTTP (password, TOTP
// set up at the first sign-in) and writes and reads GraphQL; the migrations and the hosted page's
// assets come from dist/. Production refuses to start on a development secret.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/user-pool/auth/totp/totp.js';
import { dropSchema, TEST_POSTGRES_URL, TEST_PRODUCTION_SECRETS } from '../harness.js';
import { cognito, graphql } from '../lifecycle/write-load.js';
import { ensureServerBuild, SERVER_PACKAGE_DIR as packageDir } from './server-build.js';

const schema = `t_build_${randomBytes(4).toString('hex')}`;
const ENV = {
  PATH: process.env.PATH ?? '',
  STEWARD_MODE: 'production',
  DATABASE_URL: TEST_POSTGRES_URL,
  DATABASE_SCHEMA: schema,
  PORT: '0',
  HOST: '127.0.0.1',
  MANAGED_LOGIN_TLS: 'false',
  LOG_LEVEL: 'warn',
  ...TEST_PRODUCTION_SECRETS,
};

/** Runs `node <args>` in packages/server with `env` only (nothing inherited that could point at the sources). */
async function node(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...args], { cwd: packageDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}

describe('the production build, run with plain node on PostgreSQL', () => {
  let server: ReturnType<typeof spawn> | undefined;
  let printed = '';

  beforeAll(async () => {
    await ensureServerBuild();
  }, 120_000);
  afterAll(async () => {
    if (server !== undefined && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await once(server, 'exit');
    }
    await dropSchema(schema);
  });

  it('builds the entries, with the migrations and the hosted assets beside them and no TypeScript loader', () => {
    for (const file of ['dist/main.js', 'dist/cli.js', 'dist/index.js', 'dist/db/migrations/0001_user_pool.sql', 'dist/oauth/login/assets/hosted-login.css']) expect(existsSync(path.join(packageDir, file)), file).toBe(true);
    const imports = spawnSync(process.execPath, ['--input-type=module', '-e', "const m = await import('./dist/index.js'); console.log(typeof m.startServer, typeof m.loadConfig)"], { cwd: packageDir, encoding: 'utf8' });
    expect(imports.stdout.trim()).toBe('function function');
  });

  it('refuses to start in production on a development secret: exit 2, naming it, the server and the CLI alike', async () => {
    const { CODE_PEPPER: _unset, ...withoutPepper } = ENV;
    const refused = await node(['dist/main.js'], withoutPepper);
    expect(refused.code).toBe(2);
    expect(refused.output).toMatch(/CODE_PEPPER: production refuses the public development value \(unset\)/);
    expect(refused.output).not.toMatch(/listening on/);
    const cli = await node(['dist/cli.js', 'migrate'], { ...ENV, SIGNING_KEY_SECRET: 'steward-development-signing-key-secret-not-secret' });
    expect(cli.code).toBe(2);
    expect(cli.output).toMatch(/SIGNING_KEY_SECRET: production refuses the public development value \(set to it\)/);
  });

  it('migrates with dist/cli.js, serves a sign-in and GraphQL from dist/main.js, and stops with exit 0 on SIGTERM', async () => {
    const migrated = await node(['dist/cli.js', 'migrate'], ENV);
    expect(migrated.output).toMatch(/^Applied migrations 1, 2, .*\(postgres\)\.$/m);
    expect(migrated.code).toBe(0);
    const username = `prod-${randomUUID().slice(0, 8)}`;
    const password = 'Pr0duction-Passw0rd!';
    const created = await node(['dist/cli.js', 'create-user', '--username', username, '--password', password, '--email', `${username}@example.com`], ENV);
    expect(created.code, created.output).toBe(0);

    server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: packageDir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const deadline = Date.now() + 30_000;
    while (!/listening on http:\/\/[\d.]+:\d+/.test(printed) || !/Managed login .* on http:\/\/\S+/.test(printed)) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${printed}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(printed)?.[1] ?? '';
    const loginUrl = /Managed login .* on (http:\/\/\S+)/.exec(printed)?.[1] ?? '';
    // Production: the banner for the development defaults still in use, but no refusal.
    expect(printed).toMatch(/Steward server \(production, postgres\)/);
    expect(printed).toMatch(/PRODUCTION MODE WITH DEVELOPMENT DEFAULTS/);

    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
    const asset = await fetch(`${loginUrl}/login-assets/hosted-login.css`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toMatch(/\{/);

    const { userPoolClientId: clientId } = (await (await fetch(`${url}/runtime-config.json`)).json()) as { userPoolClientId: string };
    const start = await cognito(url, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });
    expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('MFA_SETUP');
    const associated = await cognito(url, 'AssociateSoftwareToken', { Session: start.body.Session });
    const verified = await cognito(url, 'VerifySoftwareToken', { Session: associated.body.Session, UserCode: totpCode(String(associated.body.SecretCode), new Date()) });
    expect(verified.body.Status, JSON.stringify(verified.body)).toBe('SUCCESS');
    const done = await cognito(url, 'RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'MFA_SETUP', Session: verified.body.Session, ChallengeResponses: { USERNAME: username } });
    const accessToken = (done.body.AuthenticationResult as { AccessToken?: string } | undefined)?.AccessToken;
    expect(accessToken, JSON.stringify(done.body)).toBeDefined();

    const user = { clientId, accessToken: accessToken ?? '' };
    const id = randomUUID();
    const written = await graphql(url, user, 'mutation ($input: CreateConfigMdlInput!) { createConfigMdl(input: $input) { id configName } }', { input: { id, configName: 'from the build' } });
    expect(written.body).toEqual({ data: { createConfigMdl: { id, configName: 'from the build' } } });
    const read = await graphql(url, user, 'query ($id: ID!) { getConfigMdl(id: $id) { id configName } }', { id });
    expect(read.body).toEqual({ data: { getConfigMdl: { id, configName: 'from the build' } } });

    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    server.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    expect(printed).toMatch(/Stopped in \d+\.\d s\./);
  }, 60_000);
});
