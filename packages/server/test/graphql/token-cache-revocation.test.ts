// Threat: the data API's cache of verified access tokens (5 s) keeping a signed-out, revoked or
// disabled sign-in usable. Bound (docs/security.md): revocations made by this server process take
// effect at once; those made by another server process on the same database within 5 s (that
// bound: test/security/cross-process-revocation.test.ts).
import { randomUUID } from 'node:crypto';
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
import { BOTH_DATABASES, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';

const READ = '{ listSessionMdls { items { id } } }';
const CACHE_MS = 5000;

interface SignIn {
  readonly username: string;
  readonly access: string;
  readonly refresh: string;
}

/** A fresh confirmed user of the default pool and tokens for it, as a sign-in issues them. */
async function signIn(server: TestServer): Promise<SignIn> {
  const client = await findClient(server.app.steward, server.pool.clientId);
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
