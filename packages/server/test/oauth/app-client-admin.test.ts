// App-client and resource-server administration as Cognito's: through the AWS SDK with the admin
// key pair (SigV4), Cognito's shapes (UserPoolClientType, ResourceServerType) and its checks on
// callback URLs, OAuth flows and scopes; the configuration's say over the default client.
import {
  CognitoIdentityProviderClient,
  CreateResourceServerCommand,
  CreateUserPoolClientCommand,
  DeleteResourceServerCommand,
  DeleteUserPoolClientCommand,
  DescribeResourceServerCommand,
  DescribeUserPoolClientCommand,
  GetTokensFromRefreshTokenCommand,
  ListResourceServersCommand,
  ListUserPoolClientsCommand,
  RefreshTokenReuseException,
  ResourceNotFoundException,
  UpdateResourceServerCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../src/errors/catalogue.js';
import { AUTH_TEST_ENV, createTestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, dropSchema, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { adminInvoke, createAppClient, signInThrough } from './app-client-fixtures.js';

/** The ServiceError an admin operation run directly throws (fails the test when it succeeds). */
async function refusal(run: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await run;
  } catch (error) {
    if (isServiceError(error)) return { name: error.name, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each(BOTH_DATABASES)('app-client administration on %s', (database) => {
  let server: TestServer;
  let sdk: CognitoIdentityProviderClient;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    poolId = server.pool.userPoolId;
    sdk = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('creates, describes, lists, updates and deletes an app client through the AWS SDK', async () => {
    const created = await sdk.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: 'partner-portal',
        GenerateSecret: true,
        CallbackURLs: ['https://portal.example.com/callback', 'http://localhost:4200/callback'],
        LogoutURLs: ['https://portal.example.com/'],
        DefaultRedirectURI: 'https://portal.example.com/callback',
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email'],
        AllowedOAuthFlowsUserPoolClient: true,
        SupportedIdentityProviders: ['COGNITO'],
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        AccessTokenValidity: 30,
        IdTokenValidity: 30,
        RefreshTokenValidity: 7,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
        ReadAttributes: ['email', 'given_name', 'custom:clientNumber'],
        WriteAttributes: ['given_name'],
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
        RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 15 },
      }),
    );
    const client = created.UserPoolClient;
    expect(client?.ClientId).toMatch(/^[a-z0-9]{26}$/);
    expect(client?.ClientSecret).toMatch(/^[a-z0-9]{51}$/);
    expect(client?.CreationDate).toBeInstanceOf(Date);
    expect(client).toMatchObject({
      UserPoolId: poolId,
      ClientName: 'partner-portal',
      CallbackURLs: ['https://portal.example.com/callback', 'http://localhost:4200/callback'],
      LogoutURLs: ['https://portal.example.com/'],
      DefaultRedirectURI: 'https://portal.example.com/callback',
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email'],
      AllowedOAuthFlowsUserPoolClient: true,
      SupportedIdentityProviders: ['COGNITO'],
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 30,
      IdTokenValidity: 30,
      RefreshTokenValidity: 7,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      ReadAttributes: ['email', 'given_name', 'custom:clientNumber'],
      WriteAttributes: ['given_name'],
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
      RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 15 },
    });
    const clientId = client?.ClientId ?? '';

    // Describe shows the same, secret included, as Cognito does for administrators.
    const described = await sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect(described.UserPoolClient).toEqual(client);
    const listed = await sdk.send(new ListUserPoolClientsCommand({ UserPoolId: poolId }));
    expect(listed.UserPoolClients).toContainEqual({ ClientId: clientId, UserPoolId: poolId, ClientName: 'partner-portal' });
    expect(listed.UserPoolClients).toContainEqual({ ClientId: server.pool.clientId, UserPoolId: poolId, ClientName: 'steward-web' });

    // Update replaces every setting (Cognito's rule): what is left out takes its default; the secret stays.
    const updated = await sdk.send(new UpdateUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId, CallbackURLs: ['https://portal.example.com/cb'], RefreshTokenRotation: { Feature: 'DISABLED' } }));
    expect(updated.UserPoolClient).toMatchObject({
      ClientName: 'partner-portal',
      ClientSecret: client?.ClientSecret,
      CallbackURLs: ['https://portal.example.com/cb'],
      LogoutURLs: [],
      AllowedOAuthFlows: [],
      AllowedOAuthFlowsUserPoolClient: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'],
      AccessTokenValidity: 1,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      RefreshTokenValidity: 30,
      RefreshTokenRotation: { Feature: 'DISABLED', RetryGracePeriodSeconds: 0 },
    });
    expect(updated.UserPoolClient?.DefaultRedirectURI).toBeUndefined();
    expect(updated.UserPoolClient?.ReadAttributes).toBeUndefined();

    // Deleting ends the client's sign-ins.
    const user = await createTestUser(server);
    const signedIn = await signInThrough(server, clientId, user.username);
    await sdk.send(new DeleteUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }));
    await expect(sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    expect((await server.call('GetUser', { AccessToken: signedIn.AccessToken })).body.__type).toBe('NotAuthorizedException');
  });

  it('refreshes through GetTokensFromRefreshTokenCommand with a client secret, and maps reuse to the SDK exception', async () => {
    const user = await createTestUser(server);
    const { ClientId, ClientSecret } = await createAppClient(server, { GenerateSecret: true, RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 0 } });
    const signedIn = await signInThrough(server, ClientId, user.username);
    const refreshed = await sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId, ClientSecret, RefreshToken: signedIn.RefreshToken }));
    expect(refreshed.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeTruthy();
    await expect(sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId, ClientSecret, RefreshToken: signedIn.RefreshToken }))).rejects.toBeInstanceOf(RefreshTokenReuseException);
  });

  it('manages resource servers, whose scopes clients may then be allowed', async () => {
    const identifier = `https://api-${database}.example.com`;
    const created = await sdk.send(
      new CreateResourceServerCommand({ UserPoolId: poolId, Identifier: identifier, Name: 'loans api', Scopes: [{ ScopeName: 'loans.read', ScopeDescription: 'Read loans' }, { ScopeName: 'loans.write', ScopeDescription: 'Write loans' }] }),
    );
    expect(created.ResourceServer).toEqual({ UserPoolId: poolId, Identifier: identifier, Name: 'loans api', Scopes: [{ ScopeName: 'loans.read', ScopeDescription: 'Read loans' }, { ScopeName: 'loans.write', ScopeDescription: 'Write loans' }] });
    expect((await sdk.send(new DescribeResourceServerCommand({ UserPoolId: poolId, Identifier: identifier }))).ResourceServer).toEqual(created.ResourceServer);
    expect((await sdk.send(new ListResourceServersCommand({ UserPoolId: poolId, MaxResults: 50 }))).ResourceServers).toContainEqual(created.ResourceServer);
    expect(await refusal(adminInvoke(server, 'CreateResourceServer', { UserPoolId: poolId, Identifier: identifier, Name: 'again' }))).toMatchObject({ name: 'InvalidParameterException' });

    // A machine client: client_credentials with a secret and custom scopes only.
    const machine = await createAppClient(server, { GenerateSecret: true, AllowedOAuthFlows: ['client_credentials'], AllowedOAuthScopes: [`${identifier}/loans.read`], AllowedOAuthFlowsUserPoolClient: true });
    expect(machine.AllowedOAuthScopes).toEqual([`${identifier}/loans.read`]);

    // A scope a client is allowed cannot be taken away; others can.
    expect(await refusal(adminInvoke(server, 'UpdateResourceServer', { UserPoolId: poolId, Identifier: identifier, Name: 'loans api', Scopes: [] }))).toMatchObject({
      name: 'InvalidParameterException',
      message: `Scope ${identifier}/loans.read is allowed by app client ${machine.ClientId}; remove it from the client's AllowedOAuthScopes first.`,
    });
    const updated = await sdk.send(new UpdateResourceServerCommand({ UserPoolId: poolId, Identifier: identifier, Name: 'loans', Scopes: [{ ScopeName: 'loans.read', ScopeDescription: 'Read' }] }));
    expect(updated.ResourceServer?.Scopes).toEqual([{ ScopeName: 'loans.read', ScopeDescription: 'Read' }]);
    expect(await refusal(createAppClient(server, { AllowedOAuthScopes: [`${identifier}/loans.write`] }))).toEqual({ name: 'ScopeDoesNotExistException', message: `Invalid scope requested: ${identifier}/loans.write` });
    expect(await refusal(adminInvoke(server, 'DeleteResourceServer', { UserPoolId: poolId, Identifier: identifier }))).toMatchObject({ name: 'InvalidParameterException' });

    await adminInvoke(server, 'DeleteUserPoolClient', { UserPoolId: poolId, ClientId: machine.ClientId });
    await sdk.send(new DeleteResourceServerCommand({ UserPoolId: poolId, Identifier: identifier }));
    await expect(sdk.send(new DescribeResourceServerCommand({ UserPoolId: poolId, Identifier: identifier }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('checks callback and sign-out URLs as Cognito does', async () => {
    for (const [url, problem] of [
      ['http://portal.example.com/cb', 'must use https (plain http only for localhost and 127.0.0.1)'],
      ['https://portal.example.com/cb#token', 'must not contain a fragment (#)'],
      ['/relative/callback', 'must be an absolute URL'],
      ['javascript:alert(1)', 'must not use the javascript: scheme'],
      ['https://portal.example.com/a b', 'must not contain spaces or control characters'],
    ] as const) {
      const refused = await refusal(createAppClient(server, { CallbackURLs: [url] }));
      expect(refused.name).toBe('InvalidParameterException');
      expect(refused.message).toBe(`CallbackURLs: ${url} ${problem}.`);
      expect((await refusal(createAppClient(server, { LogoutURLs: [url] }))).message).toContain(`LogoutURLs: ${url}`);
    }
    // Accepted: https, http on the loopback host, an app's own scheme.
    const ok = await createAppClient(server, { CallbackURLs: ['https://a.example.com/cb', 'http://127.0.0.1:8080/cb', 'http://localhost/cb', 'myapp://callback'] });
    expect(ok.CallbackURLs).toHaveLength(4);
    expect(await refusal(createAppClient(server, { CallbackURLs: ['https://a.example.com/cb'], DefaultRedirectURI: 'https://b.example.com/cb' }))).toEqual({
      name: 'InvalidParameterException',
      message: 'DefaultRedirectURI must be one of the CallbackURLs.',
    });
  });

  it('checks OAuth flows, scopes, providers, lifetimes and attributes as Cognito does', async () => {
    const oauth = { AllowedOAuthFlowsUserPoolClient: true, CallbackURLs: ['https://a.example.com/cb'] };
    const cases: readonly [Record<string, unknown>, string, string | RegExp][] = [
      [{ ...oauth, AllowedOAuthFlows: ['code'], AllowedOAuthScopes: ['email'] }, 'InvalidParameterException', 'AllowedOAuthScopes: email can only be granted with openid; add openid.'],
      [{ ...oauth, AllowedOAuthFlows: ['code'], AllowedOAuthScopes: ['openid', 'nosuch/scope'] }, 'ScopeDoesNotExistException', 'Invalid scope requested: nosuch/scope'],
      [{ ...oauth, AllowedOAuthFlows: ['client_credentials'], AllowedOAuthScopes: ['openid'] }, 'InvalidOAuthFlowException', 'client_credentials flow can not be selected if client does not have a client secret.'],
      [{ ...oauth, GenerateSecret: true, AllowedOAuthFlows: ['client_credentials', 'code'], AllowedOAuthScopes: ['openid'] }, 'InvalidOAuthFlowException', 'client_credentials flow can not be selected along with code flow or implicit flow.'],
      [{ ...oauth, GenerateSecret: true, AllowedOAuthFlows: ['client_credentials'], AllowedOAuthScopes: ['openid'] }, 'InvalidOAuthFlowException', /can only be granted custom scopes/],
      [{ AllowedOAuthFlowsUserPoolClient: true }, 'InvalidParameterException', 'AllowedOAuthFlows and AllowedOAuthScopes are required when AllowedOAuthFlowsUserPoolClient is true.'],
      [{ AllowedOAuthFlowsUserPoolClient: true, AllowedOAuthFlows: ['code'], AllowedOAuthScopes: ['openid'] }, 'InvalidParameterException', 'CallbackURLs are required for the code and implicit flows.'],
      [{ SupportedIdentityProviders: ['Google'] }, 'InvalidParameterException', `The provider Google does not exist for User Pool ${server.pool.userPoolId}`],
      [{ AccessTokenValidity: 2, TokenValidityUnits: { AccessToken: 'days' } }, 'InvalidParameterException', 'AccessTokenValidity must be between 5 minutes and 1 day (2 days given).'],
      [{ RefreshTokenValidity: 30, TokenValidityUnits: { RefreshToken: 'minutes' } }, 'InvalidParameterException', /RefreshTokenValidity must be between 60 minutes and 10 years/],
      [{ ReadAttributes: ['email', 'shoe_size'] }, 'InvalidParameterException', 'Invalid read attributes specified while creating a client: shoe_size'],
      [{ RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 61 } }, 'InvalidParameterException', /refreshTokenRotation\.retryGracePeriodSeconds.*between 0 and 60/],
      [{ RefreshTokenRotation: { Feature: 'SOMETIMES' } }, 'InvalidParameterException', /enum value set: \[ENABLED, DISABLED\]/],
    ];
    for (const [settings, name, message] of cases) {
      const refused = await refusal(createAppClient(server, settings));
      expect(refused.name, JSON.stringify(settings)).toBe(name);
      if (typeof message === 'string') expect(refused.message).toBe(message);
      else expect(refused.message).toMatch(message);
    }
  });

  it('keeps the default client, refuses unknown pools and clients, and answers admin operations only to the admin credential', async () => {
    expect(await refusal(adminInvoke(server, 'DeleteUserPoolClient', { UserPoolId: poolId, ClientId: server.pool.clientId }))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await refusal(adminInvoke(server, 'DescribeUserPoolClient', { UserPoolId: poolId, ClientId: 'nosuchclient000000000000000' }))).toMatchObject({ name: 'ResourceNotFoundException' });
    expect(await refusal(adminInvoke(server, 'DescribeUserPoolClient', { UserPoolId: 'us-east-1_NoSuchPool', ClientId: server.pool.clientId }))).toMatchObject({ name: 'ResourceNotFoundException' });
    const unsigned = await server.call('DescribeUserPoolClient', { UserPoolId: poolId, ClientId: server.pool.clientId });
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
  });

  it('describes the default client with the managed-login settings of the first start, and round-trips it unchanged', async () => {
    const described = (await sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: server.pool.clientId }))).UserPoolClient;
    expect(described).toMatchObject({
      ClientName: 'steward-web',
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
      AllowedOAuthFlowsUserPoolClient: true,
      SupportedIdentityProviders: ['COGNITO'],
      RefreshTokenRotation: { Feature: 'DISABLED', RetryGracePeriodSeconds: 0 },
    });
    expect(described?.ClientSecret).toBeUndefined();
    const roundTrip = await sdk.send(new UpdateUserPoolClientCommand({ ...described, UserPoolId: poolId, ClientId: server.pool.clientId }));
    expect({ ...roundTrip.UserPoolClient, LastModifiedDate: undefined }).toEqual({ ...described, LastModifiedDate: undefined });
  });
});

describe('the configuration of the default client', () => {
  it('applies REFRESH_TOKEN_ROTATION, its grace period and extra URLs at start', async () => {
    const server = await startTestServer({
      env: { REFRESH_TOKEN_ROTATION: 'enabled', REFRESH_TOKEN_ROTATION_GRACE_SECONDS: '20', EXTRA_CALLBACK_URLS: 'https://app.example.com/,myapp://callback', EXTRA_LOGOUT_URLS: 'https://app.example.com/bye' },
    });
    try {
      const described = (await adminInvoke(server, 'DescribeUserPoolClient', { UserPoolId: server.pool.userPoolId, ClientId: server.pool.clientId })).UserPoolClient as Record<string, unknown>;
      expect(described.RefreshTokenRotation).toEqual({ Feature: 'ENABLED', RetryGracePeriodSeconds: 20 });
      expect(described.CallbackURLs).toEqual(expect.arrayContaining(['http://127.0.0.1:3000/', 'https://app.example.com/', 'myapp://callback']));
      expect(described.LogoutURLs).toEqual(expect.arrayContaining(['https://app.example.com/bye']));
      // With rotation on, the default client's refresh returns a new refresh token.
      const signedIn = await signInThrough(server, server.pool.clientId, 'staff');
      const refreshed = await server.call('GetTokensFromRefreshToken', { ClientId: server.pool.clientId, RefreshToken: signedIn.RefreshToken });
      expect((refreshed.body.AuthenticationResult as Record<string, unknown>).RefreshToken).toBeDefined();
    } finally {
      await server.close();
    }
  });

  it('leaves the client as admin operations set it when the variables are unset, and wins when they are set', async () => {
    const schema = `t_cfg_${randomBytes(4).toString('hex')}`;
    /** Starts a server with `env` (the same schema every time), optionally changes the rotation through UpdateUserPoolClient, and reads it. */
    const rotation = async (env: Record<string, string>, set?: Record<string, unknown>): Promise<unknown> => {
      const server = await startTestServer({ database: 'postgres', schema, env });
      try {
        const ids = { UserPoolId: server.pool.userPoolId, ClientId: server.pool.clientId };
        const described = (await adminInvoke(server, 'DescribeUserPoolClient', ids)).UserPoolClient as Record<string, unknown>;
        if (set === undefined) return described.RefreshTokenRotation;
        return ((await adminInvoke(server, 'UpdateUserPoolClient', { ...described, ...ids, RefreshTokenRotation: set })).UserPoolClient as Record<string, unknown>).RefreshTokenRotation;
      } finally {
        await server.close();
      }
    };
    try {
      expect(await rotation({})).toEqual({ Feature: 'DISABLED', RetryGracePeriodSeconds: 0 });
      expect(await rotation({}, { Feature: 'ENABLED', RetryGracePeriodSeconds: 7 })).toEqual({ Feature: 'ENABLED', RetryGracePeriodSeconds: 7 });
      expect(await rotation({})).toEqual({ Feature: 'ENABLED', RetryGracePeriodSeconds: 7 });
      expect(await rotation({ REFRESH_TOKEN_ROTATION: 'disabled' })).toEqual({ Feature: 'DISABLED', RetryGracePeriodSeconds: 7 });
      expect(await rotation({ REFRESH_TOKEN_ROTATION: 'enabled', REFRESH_TOKEN_ROTATION_GRACE_SECONDS: '5' })).toEqual({ Feature: 'ENABLED', RetryGracePeriodSeconds: 5 });
    } finally {
      await dropSchema(schema);
    }
  });

  it('refuses a bad setting at start, naming the variable', async () => {
    await expect(startTestServer({ env: { REFRESH_TOKEN_ROTATION: 'sometimes' } })).rejects.toThrow(/REFRESH_TOKEN_ROTATION: expected one of enabled, disabled/);
    await expect(startTestServer({ env: { REFRESH_TOKEN_ROTATION_GRACE_SECONDS: '61' } })).rejects.toThrow(/REFRESH_TOKEN_ROTATION_GRACE_SECONDS: expected 0..60/);
    await expect(startTestServer({ env: { EXTRA_CALLBACK_URLS: 'http://app.example.com/' } })).rejects.toThrow(/EXTRA_CALLBACK_URLS: http:\/\/app.example.com\/ must use https/);
  });
});
