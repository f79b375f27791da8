// GetClientToken (machine-to-machine) through the AWS SDK v3 client, on PGlite and PostgreSQL: a
// confidential client allowed ALLOW_CLIENT_TOKEN_AUTH gets an access token of its resource-server
// scopes with any active secret, and nothing otherwise.
import {
  AddUserPoolClientSecretCommand,
  CreateUserPoolClientCommand,
  GetClientTokenCommand,
  GetUserCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { createResourceServer } from '../oauth/oauth-fixtures.js';
import { sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('GetClientToken on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
    await createResourceServer(server, 'https://api.example.com', ['read', 'write']);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  /** A confidential machine client allowed both scopes. */
  async function machineClient(flows: string[] = ['ALLOW_CLIENT_TOKEN_AUTH']): Promise<{ clientId: string; secret: string }> {
    const { UserPoolClient } = await sdk.admin.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: 'machine',
        GenerateSecret: true,
        ExplicitAuthFlows: flows as never,
        AllowedOAuthScopes: ['https://api.example.com/read', 'https://api.example.com/write'],
      }),
    );
    return { clientId: UserPoolClient?.ClientId ?? '', secret: UserPoolClient?.ClientSecret ?? '' };
  }

  it('issues an access token for the client itself, with the scopes asked for or all it is allowed', async () => {
    const { clientId, secret } = await machineClient();
    const all = await sdk.admin.send(new GetClientTokenCommand({ ClientId: clientId, Secret: secret }));
    expect(all.ClientAuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    const claims = decodeJwt(all.ClientAuthenticationResult?.AccessToken ?? '');
    expect(claims).toMatchObject({ sub: clientId, client_id: clientId, token_use: 'access', iss: `${server.config.issuerBaseUrl}/${poolId}` });
    expect(String(claims.scope).split(' ').sort()).toEqual(['https://api.example.com/read', 'https://api.example.com/write']);
    const one = await sdk.admin.send(new GetClientTokenCommand({ ClientId: clientId, Secret: secret, Scopes: ['https://api.example.com/read'] }));
    expect(decodeJwt(one.ClientAuthenticationResult?.AccessToken ?? '').scope).toBe('https://api.example.com/read');
    // A client's token is no user's: the user-pool API refuses it.
    expect((await sdkError(sdk.admin.send(new GetUserCommand({ AccessToken: one.ClientAuthenticationResult?.AccessToken ?? '' })))).name).toBe('NotAuthorizedException');
  });

  it('accepts every active secret of a rotating client', async () => {
    const { clientId, secret } = await machineClient();
    const added = await sdk.admin.send(new AddUserPoolClientSecretCommand({ UserPoolId: poolId, ClientId: clientId }));
    for (const s of [secret, added.ClientSecretDescriptor?.ClientSecretValue ?? '']) {
      expect((await sdk.admin.send(new GetClientTokenCommand({ ClientId: clientId, Secret: s }))).ClientAuthenticationResult?.AccessToken).toBeTruthy();
    }
  });

  // Threat: a token for a machine client obtained without its secret, or with scopes it was never given.
  it('refuses a wrong secret, a public or user-facing client, and scopes the client is not allowed', async () => {
    const { clientId, secret } = await machineClient();
    expect((await sdkError(sdk.admin.send(new GetClientTokenCommand({ ClientId: clientId, Secret: 'wrongsecret0000000000000000' })))).name).toBe('NotAuthorizedException');
    expect((await sdkError(sdk.admin.send(new GetClientTokenCommand({ ClientId: server.pool.clientId, Secret: 'anysecret00000000000000000' })))).name).toBe('NotAuthorizedException');
    const userFacing = await machineClient(['ALLOW_USER_SRP_AUTH']);
    expect((await sdkError(sdk.admin.send(new GetClientTokenCommand({ ClientId: userFacing.clientId, Secret: userFacing.secret })))).name).toBe('NotAuthorizedException');
    const notAllowed = sdk.admin.send(new GetClientTokenCommand({ ClientId: clientId, Secret: secret, Scopes: ['https://api.example.com/admin'] }));
    expect((await sdkError(notAllowed)).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new GetClientTokenCommand({ ClientId: 'nosuchclient0000000000000', Secret: secret })))).name).toBe('ResourceNotFoundException');
  });

  it('allows ALLOW_CLIENT_TOKEN_AUTH only alone and only to a client with a secret', async () => {
    const alongside = machineClient(['ALLOW_CLIENT_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect((await sdkError(alongside)).name).toBe('InvalidParameterException');
    const publicClient = sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'public', ExplicitAuthFlows: ['ALLOW_CLIENT_TOKEN_AUTH' as never] }));
    expect((await sdkError(publicClient)).name).toBe('InvalidParameterException');
    const { clientId, secret } = await machineClient(['ALLOW_USER_SRP_AUTH']);
    await sdk.admin.send(new UpdateUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId, ExplicitAuthFlows: ['ALLOW_CLIENT_TOKEN_AUTH' as never], AllowedOAuthScopes: ['https://api.example.com/read'] }));
    const issued = await sdk.admin.send(new GetClientTokenCommand({ ClientId: clientId, Secret: secret }));
    expect(decodeJwt(issued.ClientAuthenticationResult?.AccessToken ?? '').scope).toBe('https://api.example.com/read');
  });
});
