// The pool routes of the admin REST API (what the web app's pools page uses: listUserPools, createUserPool,
// deleteUserPool, setUserPoolDeletionProtection), on PGlite and PostgreSQL.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';
import { sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('admin API pool list on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  const listPools = async (token: string, query = '') => {
    const response = await fetch(`${server.url}/admin/listUserPools${query}`, { headers: { authorization: token } });
    return { status: response.status, body: (await response.json()) as { UserPools?: { Id: string; Name: string }[]; NextToken?: string; __type?: string } };
  };

  it('lists every pool to Admins of the default pool, a page at a time', async () => {
    const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'listed' }));
    const admin = (await issueTokensFor(server, 'admin')).AccessToken;
    const all = await listPools(admin);
    expect(all.status).toBe(200);
    expect(all.body.UserPools?.map((p) => p.Id).sort()).toEqual([server.pool.userPoolId, UserPool?.Id].sort());
    const first = await listPools(admin, '?limit=1');
    expect(first.body.UserPools).toHaveLength(1);
    const second = await listPools(admin, `?limit=1&token=${encodeURIComponent(first.body.NextToken ?? '')}`);
    expect(second.body.UserPools?.[0]?.Id).not.toBe(first.body.UserPools?.[0]?.Id);
  });

  it("refuses staff, and the Admins of another pool (that pool's administrators see no other tenant)", async () => {
    // Threat: the administrator of one tenant's pool reading every other pool of the server.
    expect((await listPools((await issueTokensFor(server, 'staff')).AccessToken)).status).toBe(403);
    const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'tenant', Policies: { PasswordPolicy: { MinimumLength: 8 } } }));
    const poolId = UserPool?.Id ?? '';
    const { UserPoolClient } = await sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'tenant', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }));
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'boss', MessageAction: 'SUPPRESS' }));
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'boss', Password: 'tenant-boss-pw', Permanent: true }));
    await sdk.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'Admins' }));
    await sdk.admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: 'boss', GroupName: 'Admins' }));
    const signedIn = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: UserPoolClient?.ClientId, AuthParameters: { USERNAME: 'boss', PASSWORD: 'tenant-boss-pw' } });
    const token = (signedIn.body.AuthenticationResult as { AccessToken: string }).AccessToken;
    const refused = await listPools(token);
    expect(refused.status).toBe(403);
    expect(refused.body.__type).toBe('AccessDeniedException');
  });

  const post = async (token: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}/admin/${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { __type?: string; message?: string } };
  };
  type Described = { Name: string; MfaConfiguration: string; DeletionProtection: string; Policies: { PasswordPolicy: { MinimumLength: number } } };

  it('creates a pool from the form fields (name, MFA, minimum password length, deletion protection) and audits it', async () => {
    const admin = (await issueTokensFor(server, 'admin')).AccessToken;
    const created = await post(admin, 'createUserPool', { name: 'from the page', mfa: 'OPTIONAL', minPasswordLength: 12, deletionProtection: true });
    expect(created.status).toBe(200);
    const pool = created.body.UserPool as Described & { Id: string };
    expect(pool).toMatchObject({ Name: 'from the page', MfaConfiguration: 'OPTIONAL', DeletionProtection: 'ACTIVE', Policies: { PasswordPolicy: { MinimumLength: 12 } } });
    // The form's pools match usernames in any case, as the AWS console's do.
    expect(created.body.UserPool).toMatchObject({ UsernameConfiguration: { CaseSensitive: false } });
    const described = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: pool.Id }))).UserPool;
    expect(described?.Name).toBe('from the page');
    const audited = await server.db.query<{ action: string }>('SELECT action FROM audit_log WHERE record_id = $1 ORDER BY seq', [pool.Id]);
    expect(audited.map((r) => r.action)).toEqual(['admin.pool.created']);
  });

  it('refuses bad create input with the typed error in the API error shape, never a 500', async () => {
    const admin = (await issueTokensFor(server, 'admin')).AccessToken;
    for (const body of [{ mfa: 'OFF' }, { name: 'x', mfa: 'SOMETIMES' }, { name: 'x', minPasswordLength: 3 }, { name: 'x', deletionProtection: 'maybe' }, { name: 'x', caseSensitiveUsernames: 'maybe' }]) {
      const refused = await post(admin, 'createUserPool', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.__type).toBe('InvalidParameterException');
      expect(refused.body.message).toEqual(expect.any(String));
    }
  });

  it('deletes a pool, refuses a protected pool and the default pool with the operation message, and sets deletion protection keeping the rest', async () => {
    const admin = (await issueTokensFor(server, 'admin')).AccessToken;
    const created = await post(admin, 'createUserPool', { name: 'guarded', mfa: 'OPTIONAL', minPasswordLength: 10, deletionProtection: true });
    const poolId = (created.body.UserPool as { Id: string }).Id;

    const protectedDelete = await post(admin, 'deleteUserPool', { poolId });
    expect(protectedDelete.status).toBe(400);
    expect(protectedDelete.body.__type).toBe('InvalidParameterException');
    expect(protectedDelete.body.message).toMatch(/deletion protection/);

    const unprotect = await post(admin, 'setUserPoolDeletionProtection', { poolId, deletionProtection: false });
    expect(unprotect.status).toBe(200);
    // UpdateUserPool resets what it is not sent: the route sends the pool's setup back, so MFA and the policy stay.
    const after = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool;
    expect(after).toMatchObject({ Name: 'guarded', MfaConfiguration: 'OPTIONAL', DeletionProtection: 'INACTIVE', Policies: { PasswordPolicy: { MinimumLength: 10 } } });

    const deleted = await post(admin, 'deleteUserPool', { poolId });
    expect(deleted.status).toBe(200);
    expect((await sdkError(sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId })))).name).toBe('ResourceNotFoundException');
    const audited = await server.db.query<{ action: string }>('SELECT action FROM audit_log WHERE record_id = $1 ORDER BY seq', [poolId]);
    expect(audited.map((r) => r.action)).toEqual(['admin.pool.created', 'admin.pool.updated', 'admin.pool.deleted']);

    const defaultDelete = await post(admin, 'deleteUserPool', { poolId: server.pool.userPoolId });
    expect(defaultDelete.status).toBe(400);
    expect(defaultDelete.body.message).toMatch(/default pool/);
    expect((await post(admin, 'deleteUserPool', {})).body.__type).toBe('InvalidParameterException');
    expect((await post(admin, 'setUserPoolDeletionProtection', { poolId: server.pool.userPoolId, deletionProtection: 'maybe' })).body.__type).toBe('InvalidParameterException');
  });

  it('refuses pool management to staff and to unsigned callers', async () => {
    // Threat: a non-admin user (or anyone without a token) creating, unprotecting or deleting pools of the server.
    const staff = (await issueTokensFor(server, 'staff')).AccessToken;
    const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'kept', DeletionProtection: 'ACTIVE' }));
    const poolId = UserPool?.Id ?? '';
    for (const [path, body] of [
      ['createUserPool', { name: 'sneaky' }],
      ['deleteUserPool', { poolId }],
      ['setUserPoolDeletionProtection', { poolId, deletionProtection: false }],
    ] as const) {
      const refused = await post(staff, path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.__type).toBe('AccessDeniedException');
      expect((await post('', path, body)).status, path).toBe(401);
    }
    const kept = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool;
    expect(kept?.DeletionProtection).toBe('ACTIVE');
  });
});
