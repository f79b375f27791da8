// GET /admin/listUserPools of the admin REST API (what the web app's pools page reads), on PGlite and PostgreSQL.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';
import { sdkClients, type SdkClients } from './sdk-fixtures.js';

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
});
