// The admin-queries REST API: the caller's access token, Admins group required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokensFor, startTestServer, type TestServer } from './harness.js';

describe('admin REST API', () => {
  let server: TestServer;
  let adminToken: string;
  let staffToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    adminToken = (await issueTokensFor(server, 'admin')).AccessToken;
    staffToken = (await issueTokensFor(server, 'staff')).AccessToken;
  });
  afterAll(async () => {
    await server.close();
  });

  const api = async (method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown) => {
    const response = await fetch(`${server.url}/admin${path}`, {
      method,
      headers: { ...(token !== undefined ? { authorization: token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('lets a member of Admins create, read, list and delete users', async () => {
    const created = await api('POST', '/createUser', adminToken, { username: 'newbie', temporaryPassword: 'Temp-Passw0rd!', attributes: { email: 'newbie@example.com' } });
    expect(created.status).toBe(200);
    expect((created.body.User as { UserStatus: string }).UserStatus).toBe('FORCE_CHANGE_PASSWORD');

    const got = await api('GET', '/getUser?username=newbie', adminToken);
    expect(got.body.Username).toBe('newbie');

    const listed = await api('GET', `/listUsers?filter=${encodeURIComponent('username = "newbie"')}`, `Bearer ${adminToken}`);
    expect((listed.body.Users as { Username: string }[]).map((u) => u.Username)).toEqual(['newbie']);

    const page = await api('GET', '/listUsers?limit=1', adminToken);
    expect((page.body.Users as unknown[]).length).toBe(1);
    expect(typeof page.body.NextToken).toBe('string');

    expect((await api('POST', '/addUserToGroup', adminToken, { username: 'newbie', groupname: 'Admins' })).body.message).toBe('Success adding newbie to Admins');
    const groups = await api('GET', '/listGroupsForUser?username=newbie', adminToken);
    expect((groups.body.Groups as { GroupName: string }[]).map((g) => g.GroupName)).toEqual(['Admins']);
    const members = await api('GET', '/listUsersInGroup?groupname=Admins', adminToken);
    expect((members.body.Users as { Username: string }[]).map((u) => u.Username).sort()).toEqual(['admin', 'newbie']);
    expect((await api('GET', '/listGroups', adminToken)).body.Groups).toEqual([expect.objectContaining({ GroupName: 'Admins' })]);

    expect((await api('POST', '/deleteUser', adminToken, { username: 'newbie' })).status).toBe(200);
    const gone = await api('GET', '/getUser?username=newbie', adminToken);
    expect(gone.status).toBe(400);
    expect(gone.body.__type).toBe('UserNotFoundException');
  });

  it('refuses callers outside the Admins group with 403', async () => {
    // Threat: privilege escalation — an ordinary signed-in user managing accounts.
    const response = await api('GET', '/listUsers', staffToken);
    expect(response.status).toBe(403);
    expect(response.body.__type).toBe('AccessDeniedException');
    expect((await api('POST', '/deleteUser', staffToken, { username: 'admin' })).status).toBe(403);
  });

  it('refuses missing, tampered and revoked tokens with 401', async () => {
    // Threat: forged or stolen-and-revoked tokens reaching the admin API.
    expect((await api('GET', '/listUsers', undefined)).status).toBe(401);
    const [h, p, s] = adminToken.split('.');
    const tampered = `${h}.${p}.${(s ?? '').slice(0, -4)}AAAA`;
    expect((await api('GET', '/listUsers', tampered)).status).toBe(401);
    const revoked = await issueTokensFor(server, 'admin');
    await server.app.steward.tokens.revokeRefreshToken((await import('../src/user-pool/pools/pool-repository.js').then((m) => m.findClient(server.app.steward, server.pool.clientId)))!, revoked.RefreshToken);
    expect((await api('GET', '/listUsers', revoked.AccessToken)).status).toBe(401);
  });

  it('answers bad input with a Cognito-shaped 400, not a 500', async () => {
    const response = await fetch(`${server.url}/admin/createUser`, { method: 'POST', headers: { authorization: adminToken, 'content-type': 'application/json' }, body: '{not json' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(typeof body.__type).toBe('string');
    const missing = await api('POST', '/addUserToGroup', adminToken, { username: 'staff' });
    expect(missing.status).toBe(400);
    expect(missing.body.__type).toBe('InvalidParameterException');
  });

  it('answers a username over 128 characters with a typed InvalidParameterException naming the limit, not a 500', async () => {
    const response = await api('POST', '/createUser', adminToken, { username: 'u'.repeat(300), temporaryPassword: 'Temp-Passw0rd!', attributes: { email: 'long@example.com' } });
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('InvalidParameterException');
    expect(String(response.body.message)).toMatch(/username/i);
    expect(String(response.body.message)).toMatch(/128/);
  });
});

describe.each(['pglite', 'postgres'] as const)('admin REST API on %s: deleting your own account', (database) => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ database });
    adminToken = (await issueTokensFor(server, 'admin')).AccessToken;
  });
  afterAll(async () => {
    await server.close();
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}/admin${path}`, { method: 'POST', headers: { authorization: adminToken, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('refuses an admin deleting their own account, whatever the case of the name, and keeps the account', async () => {
    // Threat: the last administrator locking everyone out of user management by accident.
    for (const username of ['admin', 'ADMIN']) {
      const refused = await post('/deleteUser', { username });
      expect(refused.status).toBe(400);
      expect(refused.body.__type).toBe('SelfDeletionNotAllowedException');
      expect(refused.body.message).toBe('An administrator cannot delete their own account.');
    }
    const still = await fetch(`${server.url}/admin/getUser?username=admin`, { headers: { authorization: adminToken } });
    expect(still.status).toBe(200);
  });

  it('still lets the admin delete another account', async () => {
    expect((await post('/createUser', { username: 'leaver', temporaryPassword: 'Temp-Passw0rd!', attributes: { email: 'leaver@example.com' } })).status).toBe(200);
    expect(await post('/deleteUser', { username: 'leaver' })).toEqual({ status: 200, body: { message: 'Deleted leaver' } });
  });
});
