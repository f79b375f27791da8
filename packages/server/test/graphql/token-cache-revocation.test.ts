// Threat: the data API's cache of verified access tokens (5 s) keeping a signed-out, revoked or
// disabled sign-in usable. Bound (docs/security.md): revocations made by this server process take
// effect at once; those made by another server process on the same database within 5 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminResetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClient } from '../../src/user-pool/pools/pool-repository.js';
import { insertUser } from '../../src/user-pool/users/user-repository.js';
import { BOTH_DATABASES, startTestServer, TEST_ADMIN_CREDENTIALS, TEST_POSTGRES_URL, type TestServer } from '../harness.js';

const READ = '{ listSessionMdls { items { id } } }';
const CACHE_MS = 5000;

interface SignIn {
  readonly username: string;
  readonly access: string;
  readonly refresh: string;
}

/** A fresh confirmed user of the default pool and tokens for it, as a sign-in issues them. */
async function signIn(server: TestServer): Promise<SignIn> {
  const client = await findClient(server.db, server.pool.clientId);
  if (client === undefined) throw new Error('seed missing');
  const username = `cache-${randomUUID()}`;
  const user = await insertUser(
    server.db,
    {
      sub: randomUUID(),
      poolId: server.pool.userPoolId,
      username,
      status: 'CONFIRMED',
      attributes: { email: `${username}@example.com`, email_verified: 'true' },
      srpSalt: null,
      srpVerifier: null,
      passwordHash: null,
    },
    server.clock.now(),
  );
  const tokens = await server.app.steward.tokens.issueForSignIn({ client, user, authTime: server.clock.now() });
  return { username, access: tokens.AccessToken, refresh: String(tokens.RefreshToken) };
}

async function query(baseUrl: string, token: string): Promise<{ status: number; errorType: string | undefined }> {
  const res = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query: READ }) });
  const body = (await res.json()) as { errors?: { errorType?: string }[] };
  return { status: res.status, errorType: body.errors?.[0]?.errorType };
}

const OK = { status: 200, errorType: undefined };
const REFUSED = { status: 401, errorType: 'UnauthorizedException' };

describe.each(BOTH_DATABASES)('verified-token cache and revocations in the same process (%s)', (database) => {
  let server: TestServer;
  let admin: CognitoIdentityProviderClient;
  beforeAll(async () => {
    server = await startTestServer({ database });
    admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
  });
  afterAll(async () => {
    admin.destroy();
    await server.close();
  });

  it('keeps a token cached when its revocation is written without being announced (the cache is on)', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    await server.db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE revoked_at IS NULL AND user_sub = (SELECT sub FROM users WHERE username = $1)', [
      user.username,
      server.clock.now(),
    ]);
    expect(await query(server.url, user.access)).toEqual(OK);
    (server.clock as unknown as { advance(seconds: number): void }).advance(CACHE_MS / 1000);
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('refuses a cached token at once after GlobalSignOut', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    expect((await server.call('GlobalSignOut', { AccessToken: user.access })).status).toBe(200);
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('refuses a cached token at once after RevokeToken of its refresh token', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    expect((await server.call('RevokeToken', { Token: user.refresh, ClientId: server.pool.clientId })).status).toBe(200);
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('refuses a cached token at once after AdminUserGlobalSignOut', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: server.pool.userPoolId, Username: user.username }));
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('refuses a cached token at once after AdminDisableUser', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    await admin.send(new AdminDisableUserCommand({ UserPoolId: server.pool.userPoolId, Username: user.username }));
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('refuses a cached token at once after AdminResetUserPassword', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    await admin.send(new AdminResetUserPasswordCommand({ UserPoolId: server.pool.userPoolId, Username: user.username }));
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('refuses a cached token at once after AdminDeleteUser', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    await admin.send(new AdminDeleteUserCommand({ UserPoolId: server.pool.userPoolId, Username: user.username }));
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('refuses a cached token at once after the user deletes their own account', async () => {
    const user = await signIn(server);
    expect(await query(server.url, user.access)).toEqual(OK);
    expect((await server.call('DeleteUser', { AccessToken: user.access })).status).toBe(200);
    expect(await query(server.url, user.access)).toEqual(REFUSED);
  });

  it('does not cache a refusal: a token refused once is refused again, and another user is unaffected', async () => {
    const [user, other] = [await signIn(server), await signIn(server)];
    expect(await query(server.url, other.access)).toEqual(OK);
    expect(await query(server.url, `${user.access.slice(0, -4)}AAAA`)).toEqual(REFUSED);
    expect(await query(server.url, user.access)).toEqual(OK);
    expect((await server.call('GlobalSignOut', { AccessToken: user.access })).status).toBe(200);
    expect(await query(server.url, user.access)).toEqual(REFUSED);
    expect(await query(server.url, user.access)).toEqual(REFUSED);
    expect(await query(server.url, other.access)).toEqual(OK);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `src/main.ts` as a separate OS process on the given PostgreSQL schema. */
async function startServerProcess(schema: string): Promise<{ url: string; child: ChildProcess }> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=steward-source', 'src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      STEWARD_MODE: 'development',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      DATABASE_URL: TEST_POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      ADMIN_ACCESS_KEY_ID: TEST_ADMIN_CREDENTIALS.accessKeyId,
      ADMIN_SECRET_ACCESS_KEY: TEST_ADMIN_CREDENTIALS.secretAccessKey,
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    const up = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
      () => true,
      () => false,
    );
    if (up) return { url, child };
    if (Date.now() > deadline) throw new Error('server process did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('verified-token cache and a revocation made by another server process (postgres)', () => {
  let server: TestServer;
  let other: { url: string; child: ChildProcess };
  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres' });
    other = await startServerProcess(String(server.schema));
  }, 90_000);
  afterAll(async () => {
    other.child.kill('SIGTERM');
    await server.close();
  });

  it('refuses a token cached by the other process once 5 s have passed since GlobalSignOut here', async () => {
    const user = await signIn(server);
    expect(await query(other.url, user.access)).toEqual(OK);
    const revokedAt = Date.now();
    expect((await server.call('GlobalSignOut', { AccessToken: user.access })).status).toBe(200);
    // This process refuses it at once; the other one may still trust its cached check (the bound).
    expect(await query(server.url, user.access)).toEqual(REFUSED);
    const wait = revokedAt + CACHE_MS + 100 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    expect(await query(other.url, user.access)).toEqual(REFUSED);
  }, 30_000);

  it('trusts a token its own verification has not seen and refuses it at once when already revoked elsewhere', async () => {
    const user = await signIn(server);
    expect((await server.call('GlobalSignOut', { AccessToken: user.access })).status).toBe(200);
    expect(await query(other.url, user.access)).toEqual(REFUSED);
  });
});
