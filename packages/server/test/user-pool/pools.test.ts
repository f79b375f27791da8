// CreateUserPool, DescribeUserPool, UpdateUserPool, DeleteUserPool and AddCustomAttributes through
// the AWS SDK v3 client, on PGlite and PostgreSQL: a new pool's settings, that it really works
// (sign-in with its own policy and MFA setting), and that pools stay apart.
import {
  AddCustomAttributesCommand,
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CreateGroupCommand,
  CreateResourceServerCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DeleteUserPoolCommand,
  DescribeResourceServerCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetGroupCommand,
  GetUserPoolMfaConfigCommand,
  ListUsersCommand,
  SetUserPoolMfaConfigCommand,
  SignUpCommand,
  UpdateUserPoolCommand,
  type CreateUserPoolCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { computeClaimSignature, computePasswordAuthenticationKey, createClientEphemeral, formatCognitoTimestamp, poolNameFromUserPoolId } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

/** A pool with a client allowed SRP and password sign-in; returns both ids. */
async function poolWithClient(sdk: SdkClients, input: Partial<CreateUserPoolCommandInput> = {}): Promise<{ poolId: string; clientId: string }> {
  const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'second pool', ...input }));
  const poolId = UserPool?.Id ?? '';
  const { UserPoolClient } = await sdk.admin.send(
    new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'app', ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
  );
  return { poolId, clientId: UserPoolClient?.ClientId ?? '' };
}

/** A confirmed user with a permanent password in `poolId`. */
async function userIn(sdk: SdkClients, poolId: string, username: string, password: string): Promise<void> {
  await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: username, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }] }));
  await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: password, Permanent: true }));
}

/** USER_SRP_AUTH then PASSWORD_VERIFIER against a given pool and client, as a Cognito client does. */
async function srpSignIn(server: TestServer, poolId: string, clientId: string, username: string, password: string) {
  const ephemeral = createClientEphemeral();
  const start = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, SRP_A: ephemeral.srpAHex } });
  expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('PASSWORD_VERIFIER');
  const p = start.body.ChallengeParameters as Record<string, string>;
  const poolName = poolNameFromUserPoolId(poolId);
  const userIdForSrp = p.USER_ID_FOR_SRP ?? '';
  const key = computePasswordAuthenticationKey({ poolName, username: userIdForSrp, password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A });
  const timestamp = formatCognitoTimestamp(new Date());
  const signature = computeClaimSignature({ key, poolName, userIdForSrp, secretBlockB64: p.SECRET_BLOCK ?? '', timestamp });
  return server.call('RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: start.body.Session,
    ChallengeResponses: { USERNAME: userIdForSrp, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK ?? '', TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature },
  });
}

const claims = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(BOTH_DATABASES)('user pools on %s', (database) => {
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

  it('is admin-only: unsigned, forged and unknown callers are refused for every pool operation', async () => {
    // Threat: anyone reaching the endpoint creating, reconfiguring or deleting pools (and their users).
    await expectAdminOnly(server, sdk, 'CreateUserPool', { PoolName: 'x' });
    await expectAdminOnly(server, sdk, 'UpdateUserPool', { UserPoolId: server.pool.userPoolId });
    await expectAdminOnly(server, sdk, 'DeleteUserPool', { UserPoolId: server.pool.userPoolId });
    await expectAdminOnly(server, sdk, 'AddCustomAttributes', { UserPoolId: server.pool.userPoolId, CustomAttributes: [{ Name: 'x' }] });
  });

  it('creates a pool with every setting, and DescribeUserPool returns them', async () => {
    const { UserPool: created } = await sdk.admin.send(
      new CreateUserPoolCommand({
        PoolName: 'acme customers',
        Policies: { PasswordPolicy: { MinimumLength: 12, RequireUppercase: true, RequireLowercase: true, RequireNumbers: false, RequireSymbols: false, TemporaryPasswordValidityDays: 3 } },
        MfaConfiguration: 'OPTIONAL',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Schema: [
          { Name: 'email', Required: true, Mutable: true },
          { Name: 'tier', AttributeDataType: 'String', Mutable: true, StringAttributeConstraints: { MinLength: '1', MaxLength: '16' } },
          { Name: 'accountNumber', AttributeDataType: 'Number', Mutable: false, NumberAttributeConstraints: { MinValue: '1', MaxValue: '999999' } },
        ],
        DeviceConfiguration: { ChallengeRequiredOnNewDevice: true, DeviceOnlyRememberedOnUserPrompt: false },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        DeletionProtection: 'ACTIVE',
        LambdaConfig: { PreSignUp: 'https://hooks.example.com/pre-sign-up', PostConfirmation: 'http://127.0.0.1:9999/post' },
        UserPoolTags: { team: 'billing' },
        UsernameConfiguration: { CaseSensitive: false },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE', EmailMessage: 'Your code is {####}', EmailSubject: 'Your code' },
        EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
      }),
    );
    expect(created?.Id).toMatch(/^us-east-1_[0-9A-Za-z]{9}$/);
    const { UserPool } = await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: created?.Id }));
    expect(UserPool).toMatchObject({
      Name: 'acme customers',
      Arn: `arn:aws:cognito-idp:us-east-1:000000000000:userpool/${created?.Id}`,
      Policies: { PasswordPolicy: { MinimumLength: 12, RequireUppercase: true, RequireLowercase: true, RequireNumbers: false, RequireSymbols: false, TemporaryPasswordValidityDays: 3 } },
      MfaConfiguration: 'OPTIONAL',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      DeviceConfiguration: { ChallengeRequiredOnNewDevice: true, DeviceOnlyRememberedOnUserPrompt: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      DeletionProtection: 'ACTIVE',
      LambdaConfig: { PreSignUp: 'https://hooks.example.com/pre-sign-up', PostConfirmation: 'http://127.0.0.1:9999/post' },
      UserPoolTags: { team: 'billing' },
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true, UnusedAccountValidityDays: 7 },
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE', EmailMessage: 'Your code is {####}', EmailSubject: 'Your code' },
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
      EstimatedNumberOfUsers: 0,
    });
    expect(UserPool?.AliasAttributes).toBeUndefined();
    expect(UserPool?.SchemaAttributes?.find((a) => a.Name === 'custom:tier')).toMatchObject({ AttributeDataType: 'String', Mutable: true, StringAttributeConstraints: { MinLength: '1', MaxLength: '16' } });
    expect(UserPool?.SchemaAttributes?.find((a) => a.Name === 'custom:accountNumber')).toMatchObject({ AttributeDataType: 'Number', Mutable: false, NumberAttributeConstraints: { MinValue: '1', MaxValue: '999999' } });
    expect(UserPool?.SchemaAttributes?.find((a) => a.Name === 'email')).toMatchObject({ Required: true });
    expect(UserPool?.SchemaAttributes?.find((a) => a.Name === 'phone_number')).toMatchObject({ Required: false });
    // Left out: Cognito's defaults.
    const { UserPool: plain } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'plain' }));
    expect(plain).toMatchObject({ MfaConfiguration: 'OFF', DeletionProtection: 'INACTIVE', LambdaConfig: {}, AutoVerifiedAttributes: [], UsernameConfiguration: { CaseSensitive: true } });
    expect(plain?.Policies?.PasswordPolicy).toMatchObject({ MinimumLength: 8, RequireSymbols: true, TemporaryPasswordValidityDays: 7 });
    expect(plain?.DeviceConfiguration).toBeUndefined();
  });

  it("refuses settings Cognito refuses, with InvalidParameterException", async () => {
    const refused = async (input: Partial<CreateUserPoolCommandInput>) => sdkError(sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'bad', ...input })));
    expect((await refused({ AliasAttributes: ['email'], UsernameAttributes: ['email'] })).message).toMatch(/AliasAttributes or UsernameAttributes/);
    expect((await refused({ Schema: [{ Name: 'plan', AttributeDataType: 'String', Required: true }] })).message).toMatch(/Required custom attributes are not supported/);
    expect((await refused({ Schema: [{ Name: 'plan' }, { Name: 'custom:plan' }] })).message).toMatch(/Duplicate attribute names/);
    expect((await refused({ Policies: { PasswordPolicy: { MinimumLength: 5 } } })).name).toBe('InvalidParameterException');
    // Threat: a trigger URL that sends users' events in clear over the network, or to an internal host.
    expect((await refused({ LambdaConfig: { PreSignUp: 'http://hooks.example.com/x' } })).message).toMatch(/LambdaConfig.PreSignUp/);
    expect((await refused({ LambdaConfig: { PreSignUp: 'arn:aws:lambda:us-east-1:123456789012:function:f' } })).name).toBe('InvalidParameterException');
    expect((await refused({ VerificationMessageTemplate: { EmailMessage: 'no placeholder here' } })).message).toMatch(/\{####\}/);
    expect((await refused({ PoolName: '' })).name).toBe('InvalidParameterException');
    expect((await refused({ AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }, { Name: 'verified_email', Priority: 2 }] } })).name).toBe('InvalidParameterException');
  });

  it("signs a user of a new pool in with SRP under the pool's own password policy; the user is in no other pool", async () => {
    const { poolId, clientId } = await poolWithClient(sdk, { Policies: { PasswordPolicy: { MinimumLength: 14, RequireNumbers: true } } });
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'ada', MessageAction: 'SUPPRESS' }));
    const short = await sdkError(sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'ada', Password: 'short1', Permanent: true })));
    expect(short.name).toBe('InvalidPasswordException');
    // No uppercase or symbol needed here (the default pool would refuse this one).
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'ada', Password: 'lowercaseonly12345', Permanent: true }));
    const signedIn = await srpSignIn(server, poolId, clientId, 'ada', 'lowercaseonly12345');
    const result = signedIn.body.AuthenticationResult as { IdToken: string; AccessToken: string } | undefined;
    expect(result, JSON.stringify(signedIn.body)).toBeDefined();
    expect(claims(result?.IdToken ?? '')).toMatchObject({ iss: expect.stringContaining(poolId) as unknown, 'cognito:username': 'ada' });
    expect(claims(result?.AccessToken ?? '').client_id).toBe(clientId);

    expect((await sdkError(sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: 'ada' })))).name).toBe('UserNotFoundException');
    const listed = await sdk.admin.send(new ListUsersCommand({ UserPoolId: server.pool.userPoolId, Filter: 'username = "ada"' }));
    expect(listed.Users).toEqual([]);
    const own = await sdk.admin.send(new ListUsersCommand({ UserPoolId: poolId }));
    expect(own.Users?.map((u) => u.Username)).toEqual(['ada']);
    expect((await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.EstimatedNumberOfUsers).toBe(1);
  });

  it("applies the new pool's MFA setting at sign-in: ON asks for MFA setup, OFF signs in at once", async () => {
    const on = await poolWithClient(sdk, { MfaConfiguration: 'ON', Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    await userIn(sdk, on.poolId, 'grace', 'password-for-grace');
    const challenged = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: on.clientId, AuthParameters: { USERNAME: 'grace', PASSWORD: 'password-for-grace' } });
    expect(challenged.body.ChallengeName, JSON.stringify(challenged.body)).toBe('MFA_SETUP');
    expect((await sdk.admin.send(new GetUserPoolMfaConfigCommand({ UserPoolId: on.poolId }))).MfaConfiguration).toBe('ON');

    const off = await poolWithClient(sdk, { MfaConfiguration: 'OFF', Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    await userIn(sdk, off.poolId, 'grace', 'password-for-grace');
    const direct = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: off.clientId, AuthParameters: { USERNAME: 'grace', PASSWORD: 'password-for-grace' } });
    expect(direct.body.AuthenticationResult, JSON.stringify(direct.body)).toBeDefined();
    // Same username, two pools, two users: pool A's password does not open pool B's user.
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: on.poolId, Username: 'grace', Password: 'another-password-1', Permanent: true }));
    const crossed = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: off.clientId, AuthParameters: { USERNAME: 'grace', PASSWORD: 'another-password-1' } });
    expect(crossed.body.__type).toBe('NotAuthorizedException');
  });

  it("keeps app clients, groups and resource servers in their pool: pool A's client with pool B's id is refused", async () => {
    // Threat: an administrator of one tenant's pool (or a script with a wrong id) reaching another pool's clients and users.
    const a = await poolWithClient(sdk, { Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    const b = await poolWithClient(sdk, { Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    expect((await sdkError(sdk.admin.send(new DescribeUserPoolClientCommand({ UserPoolId: b.poolId, ClientId: a.clientId })))).name).toBe('ResourceNotFoundException');
    await userIn(sdk, b.poolId, 'linus', 'password-of-linus');
    const crossAuth = await sdkError(
      sdk.admin.send(new AdminInitiateAuthCommand({ UserPoolId: b.poolId, ClientId: a.clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'linus', PASSWORD: 'password-of-linus' } })),
    );
    expect(crossAuth.name).toBe('ResourceNotFoundException');
    const viaA = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: a.clientId, AuthParameters: { USERNAME: 'linus', PASSWORD: 'password-of-linus' } });
    expect(viaA.body.__type).toMatch(/NotAuthorizedException|UserNotFoundException/);

    await sdk.admin.send(new CreateGroupCommand({ UserPoolId: a.poolId, GroupName: 'editors' }));
    expect((await sdkError(sdk.admin.send(new GetGroupCommand({ UserPoolId: b.poolId, GroupName: 'editors' })))).name).toBe('ResourceNotFoundException');
    await sdk.admin.send(new CreateResourceServerCommand({ UserPoolId: a.poolId, Identifier: 'https://api.example.com', Name: 'api', Scopes: [{ ScopeName: 'read', ScopeDescription: 'read' }] }));
    expect((await sdkError(sdk.admin.send(new DescribeResourceServerCommand({ UserPoolId: b.poolId, Identifier: 'https://api.example.com' })))).name).toBe('ResourceNotFoundException');
  });

  it('UpdateUserPool resets the settings it is not given to their defaults, keeping the name and tags', async () => {
    const { poolId } = await poolWithClient(sdk, { UserPoolTags: { env: 'test' } });
    await sdk.admin.send(
      new UpdateUserPoolCommand({
        UserPoolId: poolId,
        MfaConfiguration: 'ON',
        DeletionProtection: 'ACTIVE',
        LambdaConfig: { PreAuthentication: 'https://hooks.example.com/pre-auth' },
        Policies: { PasswordPolicy: { MinimumLength: 20 } },
        DeviceConfiguration: { ChallengeRequiredOnNewDevice: true },
      }),
    );
    const changed = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool;
    // The methods SetUserPoolMfaConfig chose survive an UpdateUserPool.
    await sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: 'ON', SoftwareTokenMfaConfiguration: { Enabled: true } }));
    expect(changed).toMatchObject({ Name: 'second pool', MfaConfiguration: 'ON', DeletionProtection: 'ACTIVE', LambdaConfig: { PreAuthentication: 'https://hooks.example.com/pre-auth' }, UserPoolTags: { env: 'test' } });
    expect(changed?.Policies?.PasswordPolicy?.MinimumLength).toBe(20);

    await sdk.admin.send(new UpdateUserPoolCommand({ UserPoolId: poolId, AutoVerifiedAttributes: ['email'] }));
    const reset = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool;
    expect(reset).toMatchObject({ Name: 'second pool', MfaConfiguration: 'OFF', DeletionProtection: 'INACTIVE', LambdaConfig: {}, AutoVerifiedAttributes: ['email'], UserPoolTags: { env: 'test' } });
    expect(reset?.Policies?.PasswordPolicy?.MinimumLength).toBe(8);
    expect(reset?.DeviceConfiguration).toBeUndefined();
    await sdk.admin.send(new UpdateUserPoolCommand({ UserPoolId: poolId, MfaConfiguration: 'OPTIONAL' }));
    const mfa = await sdk.admin.send(new GetUserPoolMfaConfigCommand({ UserPoolId: poolId }));
    expect(mfa).toMatchObject({ MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } });
    expect(mfa.SmsMfaConfiguration).toBeUndefined();
    expect((reset?.LastModifiedDate?.getTime() ?? 0) >= (changed?.LastModifiedDate?.getTime() ?? 0)).toBe(true);
    expect((await sdkError(sdk.admin.send(new UpdateUserPoolCommand({ UserPoolId: 'us-east-1_Missing99' })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new UpdateUserPoolCommand({ UserPoolId: poolId, LambdaConfig: { UserMigration: 'http://10.0.0.1/migrate' } })))).name).toBe('InvalidParameterException');
  });

  it('DeleteUserPool refuses a protected pool, then deletes the pool with its users, clients and groups', async () => {
    const { poolId, clientId } = await poolWithClient(sdk, { DeletionProtection: 'ACTIVE', Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    await userIn(sdk, poolId, 'margaret', 'password-of-margaret');
    await sdk.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'crew' }));
    const protectedDelete = await sdkError(sdk.admin.send(new DeleteUserPoolCommand({ UserPoolId: poolId })));
    expect(protectedDelete.name).toBe('InvalidParameterException');
    expect(protectedDelete.message).toMatch(/deletion protection/);

    await sdk.admin.send(new UpdateUserPoolCommand({ UserPoolId: poolId, DeletionProtection: 'INACTIVE' }));
    await sdk.admin.send(new DeleteUserPoolCommand({ UserPoolId: poolId }));
    expect((await sdkError(sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId })))).name).toBe('ResourceNotFoundException');
    const left = await server.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM users WHERE pool_id = $1)::int + (SELECT count(*) FROM app_clients WHERE pool_id = $1)::int + (SELECT count(*) FROM groups WHERE pool_id = $1)::int AS n',
      [poolId],
    );
    expect(left[0]?.n).toBe(0);
    const signIn = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: 'margaret', PASSWORD: 'password-of-margaret' } });
    expect(signIn.body.__type).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new DeleteUserPoolCommand({ UserPoolId: server.pool.userPoolId })))).name).toBe('InvalidParameterException');
    const audited = await server.db.query<{ action: string }>("SELECT action FROM audit_log WHERE record_id = $1 ORDER BY seq", [poolId]);
    expect(audited.map((r) => r.action)).toEqual(['admin.pool.created', 'admin.pool.updated', 'admin.pool.deleted']);
  });

  it('AddCustomAttributes adds new attributes (custom: prefix added once), refuses existing names and the 51st', async () => {
    const { poolId } = await poolWithClient(sdk, { Schema: [{ Name: 'plan', AttributeDataType: 'String', Mutable: true }] });
    await sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: poolId, CustomAttributes: [{ Name: 'region', AttributeDataType: 'String' }, { Name: 'custom:seats', AttributeDataType: 'Number', Mutable: false }] }));
    const names = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.SchemaAttributes?.map((a) => a.Name) ?? [];
    expect(names.filter((n) => n?.startsWith('custom:') === true)).toEqual(['custom:plan', 'custom:region', 'custom:seats']);

    const again = await sdkError(sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: poolId, CustomAttributes: [{ Name: 'plan', AttributeDataType: 'Number' }] })));
    expect(again).toMatchObject({ name: 'InvalidParameterException', message: expect.stringMatching(/custom:plan/) as unknown });
    expect((await sdkError(sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: poolId, CustomAttributes: [{ Name: 'email' }] })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: poolId, CustomAttributes: [{ Name: 'x', Required: true }] })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: 'us-east-1_Missing77', CustomAttributes: [{ Name: 'x' }] })))).name).toBe('ResourceNotFoundException');

    // 3 so far: 25 + 22 more reach 50; one more is refused.
    await sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: poolId, CustomAttributes: Array.from({ length: 25 }, (_, n) => ({ Name: `a${n}` })) }));
    await sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: poolId, CustomAttributes: Array.from({ length: 22 }, (_, n) => ({ Name: `b${n}` })) }));
    const over = await sdkError(sdk.admin.send(new AddCustomAttributesCommand({ UserPoolId: poolId, CustomAttributes: [{ Name: 'one_more' }] })));
    expect(over.name).toBe('InvalidParameterException');
    const count = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.SchemaAttributes?.filter((a) => a.Name?.startsWith('custom:')).length;
    expect(count).toBe(50);

    // The new attribute is writable on a user of the pool.
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'tim', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'custom:region', Value: 'eu' }] }));
    const tim = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'tim' }));
    expect(tim.UserAttributes?.find((a) => a.Name === 'custom:region')?.Value).toBe('eu');
  });

  it('signs users up and in by email in a pool with UsernameAttributes, each with a generated username', async () => {
    // Case-insensitive, so the email matches in any case (username-case.test.ts has the case-sensitive pool).
    const { poolId, clientId } = await poolWithClient(sdk, { UsernameConfiguration: { CaseSensitive: false }, UsernameAttributes: ['email'], AutoVerifiedAttributes: ['email'], Policies: { PasswordPolicy: { MinimumLength: 8 } }, Schema: [{ Name: 'email', Required: true }] });
    const signedUp = await sdk.admin.send(new SignUpCommand({ ClientId: clientId, Username: 'Kim@Example.com', Password: 'kims-password' }));
    expect(signedUp.UserSub).toBeTruthy();
    await sdk.admin.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: 'kim@example.com' }));
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'kim@example.com' }));
    expect(user.Username).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe('Kim@Example.com');
    const signedIn = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: 'kim@example.com', PASSWORD: 'kims-password' } });
    const idToken = (signedIn.body.AuthenticationResult as { IdToken?: string } | undefined)?.IdToken ?? '';
    expect(claims(idToken)['cognito:username']).toBe(user.Username);

    expect(await sdkError(sdk.admin.send(new SignUpCommand({ ClientId: clientId, Username: 'kim', Password: 'kims-password' })))).toMatchObject({ name: 'InvalidParameterException', message: 'Username should be an email.' });
    expect((await sdkError(sdk.admin.send(new SignUpCommand({ ClientId: clientId, Username: 'KIM@example.com', Password: 'kims-password' })))).name).toBe('UsernameExistsException');
    expect((await sdkError(sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'kim@example.com', MessageAction: 'SUPPRESS' })))).name).toBe('UsernameExistsException');
  });

  // Threat: two sign-ups of one email at the same moment both passing the check and leaving two
  // accounts that sign in with it (the generated usernames never collide, so no unique index stops it).
  it('lets only one of several simultaneous sign-ups and admin creations take an email in a pool with UsernameAttributes', async () => {
    const { poolId, clientId } = await poolWithClient(sdk, { UsernameConfiguration: { CaseSensitive: false }, UsernameAttributes: ['email'], Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    const attempts = [
      ...['Race@Example.com', 'race@example.com', 'RACE@example.com', 'race@Example.com', 'Race@example.COM'].map((email) =>
        sdk.admin.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: 'race-password' })),
      ),
      ...['race@example.com', 'RACE@EXAMPLE.COM'].map((email) => sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: email, MessageAction: 'SUPPRESS' }))),
    ];
    const outcomes = await Promise.all(attempts.map((attempt) => sdkError(attempt)));
    expect(outcomes.filter((o) => o.name === 'no error')).toHaveLength(1);
    expect(outcomes.filter((o) => o.name === 'UsernameExistsException')).toHaveLength(attempts.length - 1);
    const [row] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE pool_id = $1 AND lower(attributes ->> 'email') = 'race@example.com'`, [poolId]);
    expect(row?.n).toBe(1);
  });

  it('refuses SignUp when only administrators create users, and keeps immutable standard attributes as created', async () => {
    const { poolId, clientId } = await poolWithClient(sdk, { AdminCreateUserConfig: { AllowAdminCreateUserOnly: true }, Schema: [{ Name: 'given_name', Mutable: false }] });
    // Threat: strangers registering themselves in a pool meant for invited users only.
    expect(await sdkError(sdk.admin.send(new SignUpCommand({ ClientId: clientId, Username: 'eve', Password: 'Eve-Passw0rd!' })))).toMatchObject({ name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'bob', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'given_name', Value: 'Bob' }] }));
    const change = await sdkError(sdk.admin.send(new AdminUpdateUserAttributesCommand({ UserPoolId: poolId, Username: 'bob', UserAttributes: [{ Name: 'given_name', Value: 'Robert' }] })));
    expect(change).toMatchObject({ name: 'InvalidParameterException', message: 'Cannot modify an immutable attribute: given_name' });
    const schema = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.SchemaAttributes;
    expect(schema?.find((a) => a.Name === 'given_name')?.Mutable).toBe(false);
  });

  it('signs a user up without sending a code in a pool without auto-verified attributes; an administrator confirms them', async () => {
    const { poolId, clientId } = await poolWithClient(sdk, { Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    const signedUp = await sdk.admin.send(new SignUpCommand({ ClientId: clientId, Username: 'noor', Password: 'noor-password', UserAttributes: [{ Name: 'email', Value: 'noor@example.com' }] }));
    expect(signedUp.UserConfirmed).toBe(false);
    expect(signedUp.CodeDeliveryDetails).toBeUndefined();
    expect(await server.outbox('noor@example.com')).toEqual([]);
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'noor' }))).UserStatus).toBe('UNCONFIRMED');
    await sdk.admin.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: 'noor' }));
    const signedIn = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: 'noor', PASSWORD: 'noor-password' } });
    expect(signedIn.body.AuthenticationResult, JSON.stringify(signedIn.body)).toBeDefined();
  });

  it('holds custom attribute values to their data type and constraints', async () => {
    const { poolId } = await poolWithClient(sdk, {
      Schema: [
        { Name: 'tier', AttributeDataType: 'String', StringAttributeConstraints: { MinLength: '2', MaxLength: '4' } },
        { Name: 'seats', AttributeDataType: 'Number', NumberAttributeConstraints: { MinValue: '1', MaxValue: '999' } },
        { Name: 'vip', AttributeDataType: 'Boolean' },
      ],
    });
    const create = (name: string, value: string) =>
      sdkError(sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: `u${Math.random().toString(36).slice(2, 8)}`, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: name, Value: value }] })));
    expect((await create('custom:tier', 'platinum')).message).toMatch(/custom:tier/);
    expect((await create('custom:tier', 'x')).name).toBe('InvalidParameterException');
    expect((await create('custom:seats', 'many')).name).toBe('InvalidParameterException');
    expect((await create('custom:seats', '1000')).message).toMatch(/custom:seats/);
    expect((await create('custom:vip', 'yes')).name).toBe('InvalidParameterException');
    expect((await create('custom:tier', 'gold')).name).toBe('no error');
    expect((await create('custom:seats', '42')).name).toBe('no error');
    expect((await create('custom:vip', 'true')).name).toBe('no error');
  });

  it('lets only administrators write a developer-only custom attribute', async () => {
    const { poolId, clientId } = await poolWithClient(sdk, { Policies: { PasswordPolicy: { MinimumLength: 8 } }, Schema: [{ Name: 'score', AttributeDataType: 'String', DeveloperOnlyAttribute: true }] });
    // Threat: a user raising their own back-office value (a credit score, a plan) with their own token.
    const selfWritten = await sdkError(sdk.admin.send(new SignUpCommand({ ClientId: clientId, Username: 'mallory', Password: 'mallory-pw', UserAttributes: [{ Name: 'custom:score', Value: '999' }] })));
    expect(selfWritten.name).toBe('NotAuthorizedException');
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'ann', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'custom:score', Value: '10' }] }));
    const ann = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'ann' }));
    expect(ann.UserAttributes?.find((a) => a.Name === 'custom:score')?.Value).toBe('10');
    await sdk.admin.send(new AdminUpdateUserAttributesCommand({ UserPoolId: poolId, Username: 'ann', UserAttributes: [{ Name: 'dev:custom:score', Value: '11' }] }));
    const updated = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'ann' }));
    expect(updated.UserAttributes?.find((a) => a.Name === 'custom:score')?.Value).toBe('11');
    const schema = (await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.SchemaAttributes;
    expect(schema?.find((a) => a.Name === 'dev:custom:score')?.DeveloperOnlyAttribute).toBe(true);
  });
});
