// DescribeUserPool, ListUserPools, GetUserPoolMfaConfig and SetUserPoolMfaConfig through the AWS SDK
// v3 client, on PGlite and PostgreSQL.
import {
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPool } from '../../src/user-pool/pools/pool-repository.js';
import { AUTH_TEST_ENV, createTestUser, passwordAuth } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('pool settings on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('describes the pool: id, ARN, password policy, MFA, schema and user count', async () => {
    await createTestUser(server, { mfa: 'none' });
    const { UserPool } = await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }));
    expect(UserPool).toMatchObject({
      Id: poolId,
      Arn: `arn:aws:cognito-idp:us-east-1:000000000000:userpool/${poolId}`,
      MfaConfiguration: 'ON',
      Policies: { PasswordPolicy: { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true } },
    });
    expect(UserPool?.EstimatedNumberOfUsers).toBeGreaterThanOrEqual(1);
    expect(UserPool?.SchemaAttributes?.find((a) => a.Name === 'email')).toMatchObject({ Required: true, Mutable: true });
    expect(UserPool?.CreationDate).toBeInstanceOf(Date);
    expect((await sdkError(sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: 'us-east-1_Missing1' })))).name).toBe('ResourceNotFoundException');
  });

  it('lists every pool, MaxResults at a time, with NextToken', async () => {
    for (const n of [1, 2]) await insertPool(server.db, { id: `us-east-1_ListPool${n}`, name: `list pool ${n}` }, server.clock.now());
    const first = await sdk.admin.send(new ListUserPoolsCommand({ MaxResults: 2 }));
    expect(first.UserPools).toHaveLength(2);
    expect(first.NextToken).toBeTruthy();
    const second = await sdk.admin.send(new ListUserPoolsCommand({ MaxResults: 2, NextToken: first.NextToken }));
    const ids = [...(first.UserPools ?? []), ...(second.UserPools ?? [])].map((p) => p.Id);
    expect(second.NextToken).toBeUndefined();
    expect(ids.sort()).toEqual([poolId, 'us-east-1_ListPool1', 'us-east-1_ListPool2'].sort());
    expect((await sdkError(sdk.admin.send(new ListUserPoolsCommand({ MaxResults: 0 })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new ListUserPoolsCommand({ MaxResults: 5, NextToken: 'not a token' })))).name).toBe('InvalidParameterException');
  });

  it('reads the MFA configuration, and a change to it applies to the next sign-in', async () => {
    const before = await sdk.admin.send(new GetUserPoolMfaConfigCommand({ UserPoolId: poolId }));
    expect(before).toMatchObject({ MfaConfiguration: 'ON', SoftwareTokenMfaConfiguration: { Enabled: true } });
    const user = await createTestUser(server, { mfa: 'none' });
    expect((await passwordAuth(server, user.username, user.password)).body.ChallengeName).toBe('MFA_SETUP');

    const after = await sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: 'OFF' }));
    expect(after.MfaConfiguration).toBe('OFF');
    expect((await passwordAuth(server, user.username, user.password)).body.AuthenticationResult).toBeDefined();

    const totpOnly = await sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));
    expect(totpOnly).toMatchObject({ MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } });
    expect(totpOnly.SmsMfaConfiguration).toBeUndefined();
    expect((await sdk.admin.send(new GetUserPoolMfaConfigCommand({ UserPoolId: poolId }))).MfaConfiguration).toBe('OPTIONAL');
  });

  it('takes the request as the whole MFA setup: methods left out are off, and ON needs one', async () => {
    const pool = 'us-east-1_NoMethods1';
    await insertPool(server.db, { id: pool, name: 'no methods' }, server.clock.now());
    const refused = await sdkError(sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: pool, MfaConfiguration: 'ON', SoftwareTokenMfaConfiguration: { Enabled: false } })));
    expect(refused.name).toBe('InvalidParameterException');
    await sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: pool, MfaConfiguration: 'ON', SmsMfaConfiguration: {} }));
    const config = await sdk.admin.send(new GetUserPoolMfaConfigCommand({ UserPoolId: pool }));
    expect(config).toMatchObject({ MfaConfiguration: 'ON', SoftwareTokenMfaConfiguration: { Enabled: false }, SmsMfaConfiguration: {} });
    expect(config.EmailMfaConfiguration).toBeUndefined();
  });

  // Threat: anyone on the network reading the pool's settings or turning its MFA off without the admin credential.
  it('is refused without valid admin credentials, as the other Admin* calls are', async () => {
    await expectAdminOnly(server, sdk, 'DescribeUserPool', { UserPoolId: poolId });
    await expectAdminOnly(server, sdk, 'ListUserPools', { MaxResults: 10 });
    await expectAdminOnly(server, sdk, 'GetUserPoolMfaConfig', { UserPoolId: poolId });
    await expectAdminOnly(server, sdk, 'SetUserPoolMfaConfig', { UserPoolId: poolId, MfaConfiguration: 'OFF' });
  });
});
