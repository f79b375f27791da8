// Threat: administrators locking the user pool out of user management — an admin disabling,
// demoting or deleting themselves, or any change (admin API, Admin* operations, CLI, self-service
// DeleteUser) that leaves the pool with no enabled member of Admins, including two admins
// disabling each other at the same moment.
import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/admin/cli-commands.js';
import { BOTH_DATABASES, dropSchema, issueTokensFor, startTestServer, TEST_ADMIN_CREDENTIALS, TEST_POSTGRES_URL, type TestServer } from './harness.js';

describe.each(BOTH_DATABASES)('admin self-lockout on %s', (database) => {
  let server: TestServer;
  let admin: CognitoIdentityProviderClient;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database });
    admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    admin.destroy();
    await server.close();
  });

  const rest = async (token: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}/admin${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const enabled = async (username: string) => (await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }))).Enabled;
  const adminsOf = async () => {
    const response = await fetch(`${server.url}/admin/listUsersInGroup?groupname=Admins`, { headers: { authorization: (await issueTokensFor(server, 'admin')).AccessToken } });
    return ((await response.json()) as { Users: { Username: string; Enabled: boolean }[] }).Users;
  };
  const makeAdmin = async (username: string) => {
    await admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: username, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }] }));
    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: 'Admin-Passw0rd!', Permanent: true }));
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: 'Admins' }));
  };

  it('refuses an admin disabling their own account through the admin API, and keeps it enabled', async () => {
    const token = (await issueTokensFor(server, 'admin')).AccessToken;
    const refused = await rest(token, '/disableUser', { username: 'ADMIN' });
    expect(refused).toEqual({ status: 400, body: { __type: 'SelfLockoutNotAllowedException', message: 'An administrator cannot disable their own account.' } });
    expect(await enabled('admin')).toBe(true);
  });

  it('refuses an admin removing themselves from Admins through the admin API, and keeps the membership', async () => {
    const token = (await issueTokensFor(server, 'admin')).AccessToken;
    const refused = await rest(token, '/removeUserFromGroup', { username: 'admin', groupname: 'Admins' });
    expect(refused).toEqual({ status: 400, body: { __type: 'SelfLockoutNotAllowedException', message: 'An administrator cannot remove their own account from the Admins group.' } });
    expect((await adminsOf()).map((u) => u.Username)).toContain('admin');
  });

  it('still lets an admin leave another group of their own', async () => {
    await admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'Auditors' }));
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: 'admin', GroupName: 'Auditors' }));
    const token = (await issueTokensFor(server, 'admin')).AccessToken;
    expect((await rest(token, '/removeUserFromGroup', { username: 'admin', groupname: 'Auditors' })).status).toBe(200);
  });

  it('refuses disabling, deleting or demoting the last enabled admin with the admin credential', async () => {
    const lastAdmin = { name: 'LastAdministratorException', message: 'The change would leave the user pool without an enabled member of the Admins group.' };
    await expect(admin.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'admin' }))).rejects.toMatchObject(lastAdmin);
    await expect(admin.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: 'admin' }))).rejects.toMatchObject(lastAdmin);
    await expect(admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: 'admin', GroupName: 'Admins' }))).rejects.toMatchObject(lastAdmin);
    expect((await adminsOf()).map((u) => [u.Username, u.Enabled])).toEqual([['admin', true]]);
  });

  it('refuses the last enabled admin deleting their own account through DeleteUser', async () => {
    const token = (await issueTokensFor(server, 'admin')).AccessToken;
    const refused = await server.call('DeleteUser', { AccessToken: token });
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('LastAdministratorException');
    expect(await enabled('admin')).toBe(true);
  });

  it('lets an admin disable and re-enable another admin while one enabled admin remains, then refuses the last one', async () => {
    await makeAdmin('second');
    expect(await admin.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'admin' }))).toBeDefined();
    expect(await enabled('admin')).toBe(false);
    // 'admin' is disabled: 'second' is now the only enabled admin.
    await expect(admin.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'second' }))).rejects.toMatchObject({ name: 'LastAdministratorException' });
    await admin.send(new AdminEnableUserCommand({ UserPoolId: poolId, Username: 'admin' }));
    // With 'admin' enabled again, 'second' is not the last enabled admin and may leave Admins.
    await admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: 'second', GroupName: 'Admins' }));
    expect((await adminsOf()).map((u) => u.Username)).toEqual(['admin']);
    // Non-admins are never held back.
    await admin.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'second' }));
    await admin.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: 'second' }));
  });

  it('leaves one enabled admin when two admins disable each other at the same moment', async () => {
    await makeAdmin('alice');
    await makeAdmin('bob');
    // Three enabled admins (admin, alice, bob): take 'admin' out so alice and bob are the last two.
    await admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: 'admin', GroupName: 'Admins' }));
    for (let round = 0; round < 3; round += 1) {
      const [aliceToken, bobToken] = [(await issueTokensFor(server, 'alice')).AccessToken, (await issueTokensFor(server, 'bob')).AccessToken];
      const results = await Promise.all([rest(aliceToken, '/disableUser', { username: 'bob' }), rest(bobToken, '/disableUser', { username: 'alice' })]);
      // The loser is refused by the last-admin rule, or (when the winner committed before its
      // request was authorised) as a disabled, signed-out account.
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(['LastAdministratorException', 'NotAuthorizedException', 'AccessDeniedException']).toContain(results.find((r) => r.status !== 200)?.body.__type);
      const stillEnabled = (await Promise.all(['alice', 'bob'].map(async (u) => ((await enabled(u)) === true ? u : null)))).filter((u) => u !== null);
      expect(stillEnabled).toHaveLength(1);
      for (const u of ['alice', 'bob']) await admin.send(new AdminEnableUserCommand({ UserPoolId: poolId, Username: u }));
    }
    for (let round = 0; round < 5; round += 1) {
      // The admin credential is never signed out, so both requests reach the check every round.
      const results = await Promise.allSettled([
        admin.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'alice' })),
        admin.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'bob' })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { name: 'LastAdministratorException' } });
      for (const u of ['alice', 'bob']) await admin.send(new AdminEnableUserCommand({ UserPoolId: poolId, Username: u }));
    }
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: 'admin', GroupName: 'Admins' }));
  });
});

describe('CLI: the last admin and the session policy', () => {
  const schema = `t_lock_${randomBytes(4).toString('hex')}`;
  const env = { LOG_LEVEL: 'silent', DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema, SEED_DEMO: 'false' };
  afterAll(async () => {
    await dropSchema(schema);
  });

  it('refuses deleting the only enabled member of Admins, and deletes it once another admin exists', async () => {
    const lines: string[] = [];
    const cli = (...argv: string[]) => runCli(argv, env, (line) => lines.push(line));
    expect(await cli('create-user', '--username', 'root', '--password', 'R00t-Passw0rd!', '--email', 'root@example.com', '--group', 'Admins')).toBe(0);
    await expect(cli('delete-user', '--username', 'root')).rejects.toMatchObject({ name: 'LastAdministratorException' });
    expect(lines.join('\n')).not.toContain('Deleted root');
    expect(await cli('create-user', '--username', 'deputy', '--password', 'Deputy-Passw0rd!', '--email', 'deputy@example.com', '--group', 'Admins')).toBe(0);
    expect(await cli('delete-user', '--username', 'root')).toBe(0);
  });

  it('sets the pool-wide maximum session length (issue 21 item 3), within the hard bounds', async () => {
    const lines: string[] = [];
    const cli = (...argv: string[]) => runCli(argv, env, (line) => lines.push(line));
    expect(await cli('set-session-length-max', '--seconds', '1800')).toBe(0);
    expect(lines.join('\n')).toContain('Sessions may now last at most 1800 seconds.');
    await expect(cli('set-session-length-max', '--seconds', '99999999')).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });
});
