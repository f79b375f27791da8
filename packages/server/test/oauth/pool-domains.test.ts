// User-pool domains through the AWS SDK v3 client (CreateUserPoolDomain, DescribeUserPoolDomain,
// UpdateUserPoolDomain, DeleteUserPoolDomain) and managed login bound to a second pool by the Host
// of the request, on PGlite and PostgreSQL.
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  CreateUserPoolDomainCommand,
  DeleteUserPoolDomainCommand,
  DescribeUserPoolCommand,
  DescribeUserPoolDomainCommand,
  UpdateUserPoolDomainCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from '../user-pool/sdk-fixtures.js';
import { fetchVia } from './host-fetch.js';
import { signInThroughHostedPage } from './hosted-login-driver.js';
import { CALLBACK, createOAuthClient, pkcePair } from './oauth-fixtures.js';

const SUFFIX = 'auth.steward.test';

describe.each(BOTH_DATABASES)('user-pool domains on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { ...AUTH_TEST_ENV, MANAGED_LOGIN_DOMAIN_SUFFIX: SUFFIX } });
    sdk = sdkClients(server);
    const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'acme', MfaConfiguration: 'OFF', Policies: { PasswordPolicy: { MinimumLength: 8 } } }));
    poolId = UserPool?.Id ?? '';
    const { UserPoolClient } = await sdk.admin.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: 'acme-web',
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email'],
        SupportedIdentityProviders: ['COGNITO'],
        CallbackURLs: [CALLBACK],
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = UserPoolClient?.ClientId ?? '';
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'wile', MessageAction: 'SUPPRESS' }));
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'wile', Password: 'acme-password-1', Permanent: true }));
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('creates, describes, updates and deletes a prefix and a custom domain; a domain belongs to one pool', async () => {
    await expectAdminOnly(server, sdk, 'CreateUserPoolDomain', { Domain: 'someone', UserPoolId: poolId });
    await sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: 'acme', UserPoolId: poolId }));
    const described = await sdk.admin.send(new DescribeUserPoolDomainCommand({ Domain: 'acme' }));
    expect(described.DomainDescription).toMatchObject({ UserPoolId: poolId, Domain: 'acme', Status: 'ACTIVE', CloudFrontDistribution: `acme.${SUFFIX}`, AWSAccountId: '000000000000' });
    expect((await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.Domain).toBe('acme');

    // Taken by this pool, so no other pool gets it; and one prefix domain per pool.
    const other = (await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'other' }))).UserPool?.Id ?? '';
    expect(await sdkError(sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: 'acme', UserPoolId: other })))).toMatchObject({ name: 'InvalidParameterException', message: 'Domain already associated with another user pool.' });
    expect((await sdkError(sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: 'acme-two', UserPoolId: poolId })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: '-bad-', UserPoolId: other })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: 'my-cognito', UserPoolId: other })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: 'free', UserPoolId: 'us-east-1_Missing00' })))).name).toBe('ResourceNotFoundException');

    const certificate = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
    const custom = await sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: 'login.acme.example', UserPoolId: poolId, CustomDomainConfig: { CertificateArn: certificate } }));
    expect(custom.CloudFrontDomain).toBeTruthy();
    expect((await sdk.admin.send(new DescribeUserPoolDomainCommand({ Domain: 'login.acme.example' }))).DomainDescription).toMatchObject({ UserPoolId: poolId, CustomDomainConfig: { CertificateArn: certificate } });
    expect((await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.CustomDomain).toBe('login.acme.example');

    const updated = await sdk.admin.send(new UpdateUserPoolDomainCommand({ Domain: 'acme', UserPoolId: poolId, ManagedLoginVersion: 2 }));
    expect(updated.ManagedLoginVersion).toBe(2);
    expect((await sdk.admin.send(new DescribeUserPoolDomainCommand({ Domain: 'acme' }))).DomainDescription?.ManagedLoginVersion).toBe(2);
    expect((await sdkError(sdk.admin.send(new UpdateUserPoolDomainCommand({ Domain: 'acme', UserPoolId: other, ManagedLoginVersion: 1 })))).name).toBe('ResourceNotFoundException');

    // An unknown domain: an empty description, as Cognito's.
    expect((await sdk.admin.send(new DescribeUserPoolDomainCommand({ Domain: 'nobody-has-this' }))).DomainDescription).toEqual({});
    await sdk.admin.send(new CreateUserPoolDomainCommand({ Domain: 'short-lived', UserPoolId: other }));
    expect((await sdkError(sdk.admin.send(new DeleteUserPoolDomainCommand({ Domain: 'short-lived', UserPoolId: poolId })))).name).toBe('InvalidParameterException');
    await sdk.admin.send(new DeleteUserPoolDomainCommand({ Domain: 'short-lived', UserPoolId: other }));
    expect((await sdk.admin.send(new DescribeUserPoolDomainCommand({ Domain: 'short-lived' }))).DomainDescription).toEqual({});
  });

  it("signs a user of the second pool in through managed login on the pool's domain, and exchanges the code there", async () => {
    const via = fetchVia(server);
    const origin = `http://acme.${SUFFIX}:${new URL(server.managedLoginUrl).port}`;
    const pkce = pkcePair();
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, state: 's1', scope: 'openid email', code_challenge: pkce.challenge, code_challenge_method: 'S256' });
    const { location } = await signInThroughHostedPage({ authorizeUrl: `${origin}/oauth2/authorize?${query.toString()}`, username: 'wile', password: 'acme-password-1', fetch: via });
    const code = new URL(location).searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const token = await via(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: CALLBACK, code_verifier: pkce.verifier }).toString(),
    });
    const body = (await token.json()) as { id_token?: string };
    expect(token.status, JSON.stringify(body)).toBe(200);
    const claims = JSON.parse(Buffer.from((body.id_token ?? '').split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims.iss).toMatch(new RegExp(`/${poolId}$`));
    expect(claims['cognito:username']).toBe('wile');

    const discovery = await via(`${origin}/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toMatch(new RegExp(`/${poolId}$`));
    const customDiscovery = await via(`http://login.acme.example:${new URL(server.managedLoginUrl).port}/.well-known/openid-configuration`);
    expect(((await customDiscovery.json()) as { issuer: string }).issuer).toMatch(new RegExp(`/${poolId}$`));
  });

  it("refuses another pool's client on a pool's domain, and keeps the default behaviour on other hosts", async () => {
    // Threat: a pool's branded domain used to phish sign-ins for another pool's (another tenant's) application.
    const via = fetchVia(server);
    const port = new URL(server.managedLoginUrl).port;
    const defaultClient = await createOAuthClient(server);
    const query = (id: string) => new URLSearchParams({ response_type: 'code', client_id: id, redirect_uri: CALLBACK, scope: 'openid', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }).toString();
    const foreign = await via(`http://acme.${SUFFIX}:${port}/oauth2/authorize?${query(defaultClient.clientId)}`, { headers: { accept: 'text/html' } });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toMatch(/Unknown application/);
    const tokenForeign = await via(`http://acme.${SUFFIX}:${port}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: defaultClient.clientId, code: 'x', redirect_uri: CALLBACK }).toString(),
    });
    expect(((await tokenForeign.json()) as { error: string }).error).toBe('invalid_client');

    // A name under the suffix that no pool has is not served at all.
    expect((await via(`http://nobody.${SUFFIX}:${port}/.well-known/openid-configuration`)).status).toBe(404);
    // The plain origin: both pools' clients, the client id names the pool.
    const plain = await via(`${server.managedLoginUrl}/oauth2/authorize?${query(clientId)}`, { headers: { accept: 'text/html' } });
    expect(plain.status).toBe(302);
    const plainDefault = await via(`${server.managedLoginUrl}/oauth2/authorize?${query(defaultClient.clientId)}`, { headers: { accept: 'text/html' } });
    expect(plainDefault.status).toBe(302);
    const rootDiscovery = await via(`${server.managedLoginUrl}/.well-known/openid-configuration`);
    expect(((await rootDiscovery.json()) as { issuer: string }).issuer).toMatch(new RegExp(`/${server.pool.userPoolId}$`));
  });
});
