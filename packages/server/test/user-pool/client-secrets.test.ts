// Client-secret rotation through the AWS SDK v3 client, on PGlite and PostgreSQL:
// AddUserPoolClientSecret, ListUserPoolClientSecrets, DeleteUserPoolClientSecret, and what a secret
// is good for (SECRET_HASH at sign-in, client authentication at /oauth2/token).
import {
  AddUserPoolClientSecretCommand,
  CreateUserPoolClientCommand,
  DeleteUserPoolClientSecretCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
  ListUserPoolClientSecretsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resealStoredSecrets } from '../../src/sealing/reseal-stored-secrets.js';
import { isSealedValue, SecretBox } from '../../src/sealing/secret-box.js';
import { secretHash } from '../../src/user-pool/auth/sign-in/app-client-checks.js';
import { entriesOf } from '../audit/audit-fixtures.js';
import { AUTH_TEST_ENV, createTestUser, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { basicAuthorization, postForm } from '../oauth/oauth-fixtures.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('client secrets on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
    user = await createTestUser(server, { mfa: 'none' });
    // No MFA in these sign-ins: they are about the client's secret.
    await server.db.query(`UPDATE user_pools SET mfa_configuration = 'OFF' WHERE id = $1`, [poolId]);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  /** A confidential client allowing USER_PASSWORD_AUTH and refresh. */
  async function confidentialClient(): Promise<{ clientId: string; secret: string }> {
    const { UserPoolClient } = await sdk.admin.send(
      new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'rotating', GenerateSecret: true, ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
    );
    return { clientId: UserPoolClient?.ClientId ?? '', secret: UserPoolClient?.ClientSecret ?? '' };
  }

  /** The SDK's USER_PASSWORD_AUTH through `clientId` with the SECRET_HASH of `secret`: the error name, or 'no error'. */
  async function signInWith(clientId: string, secret: string): Promise<{ outcome: string; refreshToken?: string }> {
    try {
      const result = await sdk.admin.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId,
          AuthParameters: { USERNAME: user.username, PASSWORD: user.password, SECRET_HASH: secretHash(secret, user.username, clientId) },
        }),
      );
      return { outcome: 'no error', ...(result.AuthenticationResult?.RefreshToken !== undefined ? { refreshToken: result.AuthenticationResult.RefreshToken } : {}) };
    } catch (error) {
      return { outcome: (error as Error).name };
    }
  }

  /** grant_type=refresh_token at /oauth2/token with the client authenticated by HTTP Basic. */
  function refreshAtTokenEndpoint(clientId: string, secret: string, refreshToken: string) {
    return postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'refresh_token', refresh_token: refreshToken }, { authorization: basicAuthorization(clientId, secret) });
  }

  it('rotates: old and new secret both sign in and authenticate at /oauth2/token, and a deleted one is refused at once', async () => {
    const { clientId, secret: oldSecret } = await confidentialClient();
    const listed = await sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect(listed.ClientSecrets).toHaveLength(1);
    const oldId = listed.ClientSecrets?.[0]?.ClientSecretId ?? '';
    expect(oldId).toMatch(new RegExp(`^${clientId}--\\d+$`));

    const { ClientSecretDescriptor: added } = await sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId }));
    const newSecret = added?.ClientSecretValue ?? '';
    expect(newSecret).toMatch(/^[a-z0-9]{51}$/);
    expect(newSecret).not.toBe(oldSecret);
    expect(added?.ClientSecretCreateDate).toBeInstanceOf(Date);
    expect(added?.ClientSecretId).not.toBe(oldId);

    const both = await sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect(both.ClientSecrets?.map((s) => s.ClientSecretId)).toEqual([oldId, added?.ClientSecretId]);
    expect(both.ClientSecrets?.every((s) => s.ClientSecretValue === undefined)).toBe(true);
    expect(both.NextToken).toBeUndefined();

    const withOld = await signInWith(clientId, oldSecret);
    const withNew = await signInWith(clientId, newSecret);
    expect([withOld.outcome, withNew.outcome]).toEqual(['no error', 'no error']);
    expect((await signInWith(clientId, 'not-the-secret-of-this-client-0000')).outcome).toBe('NotAuthorizedException');
    expect((await refreshAtTokenEndpoint(clientId, oldSecret, withOld.refreshToken ?? '')).status).toBe(200);
    expect((await refreshAtTokenEndpoint(clientId, newSecret, withNew.refreshToken ?? '')).status).toBe(200);

    await sdk.admin.send(new DeleteUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId, ClientSecretId: oldId }));
    expect((await signInWith(clientId, oldSecret)).outcome).toBe('NotAuthorizedException');
    const refused = await refreshAtTokenEndpoint(clientId, oldSecret, withNew.refreshToken ?? '');
    expect([refused.status, refused.body.error]).toEqual([401, 'invalid_client']);
    expect((await signInWith(clientId, newSecret)).outcome).toBe('no error');
    expect((await refreshAtTokenEndpoint(clientId, newSecret, withNew.refreshToken ?? '')).status).toBe(200);
    // The remaining secret is now the client's secret.
    const described = await sdk.admin.send(new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect(described.UserPoolClient?.ClientSecret).toBe(newSecret);
    const after = await sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect(after.ClientSecrets?.map((s) => s.ClientSecretId)).toEqual([added?.ClientSecretId]);
  });

  it('keeps to two secrets, never deletes the last one, and names unknown secrets and clients', async () => {
    const { clientId } = await confidentialClient();
    await sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect((await sdkError(sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId })))).name).toBe('LimitExceededException');

    const [first, second] = (await sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: clientId }))).ClientSecrets ?? [];
    await sdk.admin.send(new DeleteUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId, ClientSecretId: second?.ClientSecretId ?? '' }));
    const last = await sdkError(sdk.admin.send(new DeleteUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId, ClientSecretId: first?.ClientSecretId ?? '' })));
    expect(last.name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new DeleteUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId, ClientSecretId: `${clientId}--1` })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: 'nosuchclient0000000000000' })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: clientId, NextToken: 'more' })))).name).toBe('InvalidParameterException');
    // A public client has no secret to rotate.
    expect((await sdkError(sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: server.pool.clientId })))).name).toBe('InvalidParameterException');
    expect((await sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: server.pool.clientId }))).ClientSecrets).toEqual([]);
  });

  it('takes a secret of your own without echoing it, within Cognito’s length and characters', async () => {
    const { clientId } = await confidentialClient();
    const own = 'my_own_secret_value_0123456789';
    const { ClientSecretDescriptor } = await sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId, ClientSecret: own }));
    expect(ClientSecretDescriptor?.ClientSecretValue).toBeUndefined();
    expect((await signInWith(clientId, own)).outcome).toBe('no error');
    for (const bad of ['too-short', 'has spaces in it which are not allowed', 'x'.repeat(65)]) {
      expect((await sdkError(sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId, ClientSecret: bad })))).name).toBe('InvalidParameterException');
    }
  });

  // Threat: a copy of the database (a backup, a read replica) used to authenticate as the client.
  it('stores the added secret sealed, never in the clear', async () => {
    const { clientId } = await confidentialClient();
    const { ClientSecretDescriptor } = await sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId }));
    const rows = await server.db.query<{ row: string }>('SELECT row_to_json(c)::text AS row FROM app_clients c WHERE id = $1', [clientId]);
    expect(rows[0]?.row).toContain('sealed.v1.');
    expect(rows[0]?.row).not.toContain(ClientSecretDescriptor?.ClientSecretValue ?? 'missing');
  });

  it('records additions and deletions in the audit trail, with the id and never the value', async () => {
    const { clientId } = await confidentialClient();
    const { ClientSecretDescriptor } = await sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId }));
    await sdk.admin.send(new DeleteUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId, ClientSecretId: ClientSecretDescriptor?.ClientSecretId ?? '' }));
    const added = (await entriesOf(server, 'admin.client.secret_added')).filter((e) => e.record?.id === clientId);
    const deleted = (await entriesOf(server, 'admin.client.secret_deleted')).filter((e) => e.record?.id === clientId);
    expect(added).toMatchObject([{ actor: { kind: 'admin-credential' }, details: { clientSecretId: ClientSecretDescriptor?.ClientSecretId } }]);
    expect(deleted).toHaveLength(1);
    expect(JSON.stringify(added)).not.toContain(ClientSecretDescriptor?.ClientSecretValue ?? 'missing');
  });

  // Threat: anyone who can reach the server adding a secret of their own to a client, or listing them.
  it('is admin-only', async () => {
    const { clientId } = await confidentialClient();
    await expectAdminOnly(server, sdk, 'AddUserPoolClientSecret', { UserPoolId: poolId, ClientId: clientId });
    await expectAdminOnly(server, sdk, 'ListUserPoolClientSecrets', { UserPoolId: poolId, ClientId: clientId });
    await expectAdminOnly(server, sdk, 'DeleteUserPoolClientSecret', { UserPoolId: poolId, ClientId: clientId, ClientSecretId: `${clientId}--1` });
    expect((await sdk.admin.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: clientId }))).ClientSecrets).toHaveLength(1);
  });

  // Threat: a DATA_SEALING_SECRET rotation that leaves the second secret sealed under the retired key (or plain).
  // Last in the file: it re-seals every client of this server under a key the server does not have.
  it('re-seals the second secret too when DATA_SEALING_SECRET rotates, and leaves it alone the second time', async () => {
    const { clientId } = await confidentialClient();
    const { ClientSecretDescriptor } = await sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId }));
    const stored = async (): Promise<string> => (await server.db.query<{ more: { secret: string }[] }>('SELECT more_secrets AS more FROM app_clients WHERE id = $1', [clientId]))[0]?.more[0]?.secret ?? '';
    const before = await stored();
    const newSecret = 'a-brand-new-data-sealing-secret-of-32+chars';
    const rotated = new SecretBox(newSecret, [server.config.dataSealingSecret]);
    expect(await resealStoredSecrets(server.db, rotated)).toBeGreaterThanOrEqual(2);
    const after = await stored();
    expect(isSealedValue(after)).toBe(true);
    expect(after).not.toBe(before);
    expect(new SecretBox(newSecret).open(`client-secret:${clientId}`, after)).toBe(ClientSecretDescriptor?.ClientSecretValue);
    expect(await resealStoredSecrets(server.db, rotated)).toBe(0);
  });

});
