// Threat: admin (or staff) rights outliving a removal from the group that grants them: the data API
// trusting the access token's `cognito:groups`, which keeps the groups of sign-in time until the
// token expires. Bound (docs/data-api.md): a group change through the user pool applies in the same
// process at once; in another server process on the same database within 5 s.
import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminRemoveUserFromGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, issueTokensFor, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';

const CACHE_MS = 5000;
const LIST_USERS = '{ listUserMdls(limit: 100) { items { userId } } }';
const CREATE_USER = 'mutation ($u: String!) { createUserMdl(input: { userId: $u }) { id } }';

interface Answer {
  readonly status: number;
  readonly body: { readonly data: Record<string, unknown> | null; readonly errors?: readonly { readonly errorType: string }[] };
}

async function gql(baseUrl: string, token: string, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The userIds of UserMdls the token's caller can list. */
async function listedUserIds(baseUrl: string, token: string): Promise<string[]> {
  const res = await gql(baseUrl, token, LIST_USERS);
  expect(res.body.errors).toBeUndefined();
  return ((res.body.data?.listUserMdls as { items: { userId: string }[] }).items ?? []).map((i) => i.userId);
}

/** True while the caller sees other users' profiles (admin-only: they have no UserMdl of their own). Writes nothing, so caches stay. */
async function seesOthers(baseUrl: string, token: string): Promise<boolean> {
  return (await listedUserIds(baseUrl, token)).length > 0;
}

/** Checks that the caller gets no admin-only answer: no other user's profile, no creating one. */
async function expectNoAdminRights(baseUrl: string, token: string): Promise<void> {
  expect(await listedUserIds(baseUrl, token)).toEqual([]);
  const created = await gql(baseUrl, token, CREATE_USER, { u: `probe-${randomUUID()}` });
  expect(created.body.data).toEqual({ createUserMdl: null });
  expect(created.body.errors?.[0]?.errorType).toBe('Unauthorized');
}

/** A fresh user of the default pool, in `groups`, and an access token issued while they are. */
async function signedInMember(server: TestServer, admin: CognitoIdentityProviderClient, groups: readonly string[]): Promise<{ username: string; token: string }> {
  const username = `groups-${randomUUID()}`;
  await admin.send(new AdminCreateUserCommand({ UserPoolId: server.pool.userPoolId, Username: username, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }] }));
  for (const group of groups) await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.pool.userPoolId, Username: username, GroupName: group }));
  return { username, token: (await issueTokensFor(server, username)).AccessToken };
}

/** The `cognito:groups` claim of an access token. */
function claimedGroups(token: string): unknown {
  return (JSON.parse(Buffer.from(String(token.split('.')[1]), 'base64url').toString()) as Record<string, unknown>)['cognito:groups'];
}

const adminClient = (server: TestServer) => new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });

describe.each(BOTH_DATABASES)('group changes and the data API in the same process (%s)', (database) => {
  let server: TestServer;
  let admin: CognitoIdentityProviderClient;
  beforeAll(async () => {
    server = await startTestServer({ database });
    admin = adminClient(server);
  });
  afterAll(async () => {
    admin.destroy();
    await server.close();
  });

  it('refuses admin-only GraphQL at once after AdminRemoveUserFromGroup, though the token still claims Admins', async () => {
    const { username, token } = await signedInMember(server, admin, ['Admins']);
    expect(claimedGroups(token)).toEqual(['Admins']);
    expect((await listedUserIds(server.url, token)).length).toBeGreaterThanOrEqual(2);
    await admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: server.pool.userPoolId, Username: username, GroupName: 'Admins' }));
    await expectNoAdminRights(server.url, token);
  });

  it('grants admin rights at once after AdminAddUserToGroup, to a token issued before', async () => {
    const { username, token } = await signedInMember(server, admin, []);
    expect(claimedGroups(token)).toBeUndefined();
    await expectNoAdminRights(server.url, token);
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.pool.userPoolId, Username: username, GroupName: 'Admins' }));
    expect(await seesOthers(server.url, token)).toBe(true);
  });

  it('refuses within 5 s a membership removed in the database without an announcement (as by another process)', async () => {
    const { username, token } = await signedInMember(server, admin, ['Admins']);
    expect(await seesOthers(server.url, token)).toBe(true);
    await server.db.query('DELETE FROM group_members WHERE user_sub = (SELECT sub FROM users WHERE username = $1)', [username]);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 100));
    await expectNoAdminRights(server.url, token);
  }, 30_000);
});

describe('removal from Admins and another server process on the same database (postgres)', () => {
  let server: TestServer;
  let admin: CognitoIdentityProviderClient;
  let other: ServerProcess;
  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres' });
    admin = adminClient(server);
    other = await startServerProcess(String(server.schema));
  }, 90_000);
  afterAll(async () => {
    admin.destroy();
    await other.stop();
    await server.close();
  });

  it('refuses admin-only GraphQL on the other process within 5 s of the removal here', async () => {
    const { username, token } = await signedInMember(server, admin, ['Admins']);
    // The other process has now cached this caller's profile and groups.
    expect(await seesOthers(other.url, token)).toBe(true);
    await admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: server.pool.userPoolId, Username: username, GroupName: 'Admins' }));
    const removedAt = Date.now();
    expect(await seesOthers(server.url, token)).toBe(false);
    let refusedAfter: number | null = null;
    while (refusedAfter === null && Date.now() - removedAt < CACHE_MS + 2000) {
      if (!(await seesOthers(other.url, token))) refusedAfter = Date.now() - removedAt;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusedAfter).not.toBeNull();
    // The bound, plus the time one probe takes.
    expect(refusedAfter).toBeLessThanOrEqual(CACHE_MS + 500);
    await expectNoAdminRights(other.url, token);
  }, 30_000);
});
