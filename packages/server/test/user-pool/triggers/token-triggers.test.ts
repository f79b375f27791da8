// PreTokenGeneration V1, V2 and V3 as signed webhooks: the event, and the claims, groups and scopes
// of the tokens the sign-in, the refresh and (V3 only) the client_credentials grant issue; through
// the AWS SDK v3 client and the OAuth token endpoint against a real HTTP receiver, on PGlite and
// PostgreSQL.
import { type CognitoIdentityProviderClient, GetClientTokenCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { setPoolLambdaConfig } from '../../../src/user-pool/triggers/lambda-config.js';
import { verifySignature } from '../../../src/user-pool/triggers/signature.js';
import { activeTriggerSecrets } from '../../../src/user-pool/triggers/trigger-secrets.js';
import { createTestUser, type TestUser } from '../../auth/auth-fixtures.js';
import { BOTH_DATABASES, type TestServer } from '../../harness.js';
import { basicAuthorization, createOAuthClient, createResourceServer, postForm } from '../../oauth/oauth-fixtures.js';
import { sdkError } from '../sdk-fixtures.js';
import { triggerFixture } from './trigger-fixture.js';
import type { Receiver } from './trigger-receiver.js';

const claimsOf = (jwt: string | undefined): Record<string, unknown> => JSON.parse(Buffer.from((jwt ?? '').split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(BOTH_DATABASES)('PreTokenGeneration on %s', (database) => {
  let server: TestServer;
  let client: CognitoIdentityProviderClient;
  let receiver: Receiver;

  triggerFixture(database, { mfaOff: true }, (fixture) => {
    ({ server, client, receiver } = fixture);
  });

  const signIn = (user: TestUser) => client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
  const refresh = (token: string | undefined) => client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: server.pool.clientId, AuthParameters: { REFRESH_TOKEN: token ?? '' } }));

  it('V1: sends the event, then adds, overrides and suppresses id-token claims and overrides the groups', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGeneration: `${receiver.url}/v1` });
    receiver.on('/v1', (event) => ({
      body: {
        ...event,
        response: {
          claimsOverrideDetails: {
            claimsToAddOrOverride: { tenant: 'acme', given_name: 'Overridden', sub: 'attacker' },
            claimsToSuppress: ['email', 'token_use'],
            groupOverrideDetails: { groupsToOverride: ['Gold'], iamRolesToOverride: ['arn:aws:iam::1:role/gold'], preferredRole: 'arn:aws:iam::1:role/gold' },
          },
        },
      },
    }));
    const user = await createTestUser(server, { mfa: 'none' });
    const { AuthenticationResult: tokens } = await signIn(user);
    const [call] = receiver.to('/v1');
    expect(call?.event).toEqual({
      version: '1',
      triggerSource: 'TokenGeneration_Authentication',
      region: 'us-east-1',
      userPoolId: server.pool.userPoolId,
      userName: user.username,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: server.pool.clientId },
      request: {
        userAttributes: expect.objectContaining({ sub: user.sub, email: user.email, 'cognito:user_status': 'CONFIRMED' }) as unknown,
        groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [], preferredRole: null },
      },
      response: { claimsOverrideDetails: null },
    });
    const id = claimsOf(tokens?.IdToken);
    expect(id).toMatchObject({ tenant: 'acme', given_name: 'Overridden', sub: user.sub, token_use: 'id', 'cognito:groups': ['Gold'], 'cognito:roles': ['arn:aws:iam::1:role/gold'], 'cognito:preferred_role': 'arn:aws:iam::1:role/gold' });
    expect(id.email).toBeUndefined();
    const access = claimsOf(tokens?.AccessToken);
    // V1 changes the id token only, apart from the groups.
    expect(access).toMatchObject({ sub: user.sub, 'cognito:groups': ['Gold'], scope: 'aws.cognito.signin.user.admin' });
    expect(access.tenant).toBeUndefined();
  });

  it('V2: changes claims of both tokens and the scopes, on sign-in and on refresh', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V2_0', LambdaArn: `${receiver.url}/v2` } });
    receiver.on('/v2', (event) => ({
      body: {
        ...event,
        response: {
          claimsAndScopeOverrideDetails: {
            idTokenGeneration: { claimsToAddOrOverride: { plan: 'pro', seats: 5 }, claimsToSuppress: ['phone_number'] },
            accessTokenGeneration: { claimsToAddOrOverride: { tenant: { id: 't-1', region: 'eu' } }, scopesToAdd: ['orders/read', 'aws.cognito.signin.user.admin'], scopesToSuppress: [] },
          },
        },
      },
    }));
    const user = await createTestUser(server, { mfa: 'none' });
    const { AuthenticationResult: tokens } = await signIn(user);
    expect(receiver.to('/v2')[0]?.event).toMatchObject({
      version: '2',
      triggerSource: 'TokenGeneration_Authentication',
      request: { scopes: ['aws.cognito.signin.user.admin'], groupConfiguration: { groupsToOverride: [] } },
      response: { claimsAndScopeOverrideDetails: null },
    });
    expect(claimsOf(tokens?.IdToken)).toMatchObject({ plan: 'pro', seats: 5 });
    expect(claimsOf(tokens?.IdToken).phone_number).toBeUndefined();
    expect(claimsOf(tokens?.AccessToken)).toMatchObject({ tenant: { id: 't-1', region: 'eu' }, scope: 'aws.cognito.signin.user.admin orders/read' });

    const refreshed = await refresh(tokens?.RefreshToken);
    expect(receiver.to('/v2')[1]?.event.triggerSource).toBe('TokenGeneration_RefreshTokens');
    expect(claimsOf(refreshed.AuthenticationResult?.AccessToken)).toMatchObject({ tenant: { id: 't-1', region: 'eu' } });
  });

  it('V2: suppressing the user-pool API scope takes it out of the access token', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V2_0', LambdaArn: `${receiver.url}/v2-narrow` } });
    receiver.on('/v2-narrow', (event) => ({ body: { ...event, response: { claimsAndScopeOverrideDetails: { accessTokenGeneration: { scopesToSuppress: ['aws.cognito.signin.user.admin'], scopesToAdd: ['reports/view'] } } } } }));
    const { AuthenticationResult: tokens } = await signIn(await createTestUser(server, { mfa: 'none' }));
    expect(claimsOf(tokens?.AccessToken).scope).toBe('reports/view');
  });

  it("fails the sign-in with the handler's message, and refuses a V1 claim that is not a string", async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGeneration: `${receiver.url}/v1-bad` });
    receiver.on('/v1-bad', () => ({ status: 400, body: { errorMessage: 'Tenant unknown' } }));
    const user = await createTestUser(server, { mfa: 'none' });
    expect(await sdkError(signIn(user))).toEqual({ name: 'UserLambdaValidationException', message: 'PreTokenGeneration failed with error Tenant unknown.' });
    // Refused before the sign-in is stored: no refresh token exists for it.
    expect(await server.db.query('SELECT 1 FROM refresh_tokens WHERE user_sub = $1', [user.sub])).toHaveLength(0);
    receiver.on('/v1-bad', (event) => ({ body: { ...event, response: { claimsOverrideDetails: { claimsToAddOrOverride: { seats: 5 } } } } }));
    expect(await sdkError(signIn(user))).toEqual({ name: 'InvalidLambdaResponseException', message: 'Unrecognizable lambda output' });
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, {});
    expect((await signIn(user)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('answers the OAuth token endpoint with invalid_request, not a server error, when PreTokenGeneration fails at a refresh', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGeneration: `${receiver.url}/v1-refresh` });
    receiver.on('/v1-refresh', (event) => ({ body: event }));
    const { AuthenticationResult: tokens } = await signIn(await createTestUser(server, { mfa: 'none' }));
    receiver.on('/v1-refresh', () => ({ status: 400, body: { errorMessage: 'Session revoked upstream' } }));
    const response = await fetch(`${server.managedLoginUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: server.pool.clientId, refresh_token: tokens?.RefreshToken ?? '' }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'PreTokenGeneration failed with error Session revoked upstream.' });
    expect(receiver.to('/v1-refresh').at(-1)?.event.triggerSource).toBe('TokenGeneration_RefreshTokens');
  });
  describe('client_credentials (machine-to-machine)', () => {
    const READ = 'https://orders.example.com/read';
    const WRITE = 'https://orders.example.com/write';
    let machine: { clientId: string; secret: string };

    beforeAll(async () => {
      await createResourceServer(server, 'https://orders.example.com', ['read', 'write']);
      const created = await createOAuthClient(server, { GenerateSecret: true, AllowedOAuthFlows: ['client_credentials'], AllowedOAuthScopes: [READ, WRITE], ExplicitAuthFlows: ['ALLOW_CLIENT_TOKEN_AUTH'] });
      machine = { clientId: created.clientId, secret: created.clientSecret ?? '' };
    });

    const clientToken = (form: Record<string, string> = {}) =>
      postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'client_credentials', ...form }, { authorization: basicAuthorization(machine.clientId, machine.secret) });

    /** A V3 handler adding a claim and a scope and suppressing the write scope. */
    const customizing = (event: Record<string, unknown>) => ({
      body: {
        ...event,
        response: {
          claimsAndScopeOverrideDetails: {
            accessTokenGeneration: {
              claimsToAddOrOverride: { tenant: 'acme', client_id: 'attacker', scope: 'admin' },
              claimsToSuppress: ['iss'],
              scopesToAdd: ['https://orders.example.com/audit', 'aws.cognito.signin.user.admin'],
              scopesToSuppress: [WRITE],
            },
            // Nothing to apply to: a machine token has no id token and no groups.
            idTokenGeneration: { claimsToAddOrOverride: { plan: 'pro' } },
            groupOverrideDetails: { groupsToOverride: ['Admins'] },
          },
        },
      },
    });

    it('V3: the access token carries the added claim and scope and lacks the suppressed scope; protected claims stay', async () => {
      await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V3_0', LambdaArn: `${receiver.url}/v3` } });
      receiver.on('/v3', customizing);
      const { status, body } = await clientToken({ scope: `${READ} ${WRITE}` });
      expect(status).toBe(200);
      const access = claimsOf(String(body.access_token));
      expect(access).toMatchObject({ tenant: 'acme', sub: machine.clientId, client_id: machine.clientId, token_use: 'access' });
      expect(access.scope).toBe(`${READ} https://orders.example.com/audit`);
      expect(access.iss).toBe(server.app.steward.tokens.issuer(server.pool.userPoolId));
      expect(access.plan).toBeUndefined();
      expect(access['cognito:groups']).toBeUndefined();
      expect(body.id_token).toBeUndefined();
      expect(receiver.to('/v3')).toHaveLength(1);
    });

    it('V3: the trigger receives a signed TokenGeneration_ClientCredentials event without a user, with the scopes and aws_client_metadata', async () => {
      await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V3_0', LambdaArn: `${receiver.url}/v3-event` } });
      const { status } = await clientToken({ scope: READ, aws_client_metadata: JSON.stringify({ environment: 'dev', tenant: 'acme' }) });
      expect(status).toBe(200);
      const [call] = receiver.to('/v3-event');
      expect(call?.event).toEqual({
        version: '3',
        triggerSource: 'TokenGeneration_ClientCredentials',
        region: 'us-east-1',
        userPoolId: server.pool.userPoolId,
        callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: machine.clientId },
        request: { scopes: [READ], clientMetadata: { environment: 'dev', tenant: 'acme' } },
        response: { claimsAndScopeOverrideDetails: null },
      });
      const secrets = await activeTriggerSecrets(server.db, server.app.steward.secrets, server.pool.userPoolId, new Date());
      expect(verifySignature(call?.signature ?? '', call?.body ?? '', secrets.current, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature(call?.signature ?? '', `${call?.body ?? ''} `, secrets.current, Math.floor(Date.now() / 1000))).toBe(false);
    });

    it('V3: GetClientToken asks the trigger too, with its ClientMetadata, and issues the customised token', async () => {
      await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V3_0', LambdaArn: `${receiver.url}/v3-api` } });
      receiver.on('/v3-api', customizing);
      const result = await client.send(new GetClientTokenCommand({ ClientId: machine.clientId, Secret: machine.secret, Scopes: [READ, WRITE], ClientMetadata: { caller: 'batch' } }));
      expect(receiver.to('/v3-api')[0]?.event.request).toEqual({ scopes: [READ, WRITE], clientMetadata: { caller: 'batch' } });
      const access = claimsOf(result.ClientAuthenticationResult?.AccessToken);
      expect(access).toMatchObject({ tenant: 'acme', scope: `${READ} https://orders.example.com/audit` });
    });

    it('V3: a user sign-in sends version "3" with the V2 event shape and applies the V2 response', async () => {
      await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V3_0', LambdaArn: `${receiver.url}/v3-user` } });
      receiver.on('/v3-user', (event) => ({
        body: { ...event, response: { claimsAndScopeOverrideDetails: { idTokenGeneration: { claimsToAddOrOverride: { plan: 'pro' } }, accessTokenGeneration: { claimsToAddOrOverride: { tenant: 'acme' }, scopesToAdd: ['orders/read'] } } } },
      }));
      const user = await createTestUser(server, { mfa: 'none' });
      const { AuthenticationResult: tokens } = await signIn(user);
      expect(receiver.to('/v3-user')[0]?.event).toMatchObject({
        version: '3',
        triggerSource: 'TokenGeneration_Authentication',
        userName: user.username,
        request: { userAttributes: expect.objectContaining({ sub: user.sub }) as unknown, scopes: ['aws.cognito.signin.user.admin'], groupConfiguration: { groupsToOverride: [] } },
        response: { claimsAndScopeOverrideDetails: null },
      });
      expect(claimsOf(tokens?.IdToken)).toMatchObject({ plan: 'pro' });
      expect(claimsOf(tokens?.AccessToken)).toMatchObject({ tenant: 'acme', scope: 'aws.cognito.signin.user.admin orders/read' });
    });

    it.each([
      ['V2_0', { PreTokenGenerationConfig: { LambdaVersion: 'V2_0', LambdaArn: '' } }],
      ['V1_0', { PreTokenGenerationConfig: { LambdaVersion: 'V1_0', LambdaArn: '' } }],
      ['the plain PreTokenGeneration key (V1)', { PreTokenGeneration: '' }],
    ] as const)('%s: a client_credentials token does not call the trigger and is not customised', async (_label, shape) => {
      const url = `${receiver.url}/not-v3`;
      const config = 'PreTokenGeneration' in shape ? { PreTokenGeneration: url } : { PreTokenGenerationConfig: { ...shape.PreTokenGenerationConfig, LambdaArn: url } };
      await setPoolLambdaConfig(server.db, server.pool.userPoolId, config);
      receiver.on('/not-v3', customizing);
      const { status, body } = await clientToken({ scope: `${READ} ${WRITE}` });
      expect(status).toBe(200);
      expect(receiver.to('/not-v3')).toHaveLength(0);
      const access = claimsOf(String(body.access_token));
      expect(access.scope).toBe(`${READ} ${WRITE}`);
      expect(access.tenant).toBeUndefined();
      const api = await client.send(new GetClientTokenCommand({ ClientId: machine.clientId, Secret: machine.secret }));
      expect(receiver.to('/not-v3')).toHaveLength(0);
      expect(claimsOf(api.ClientAuthenticationResult?.AccessToken).tenant).toBeUndefined();
    });

    it("V3: a failing trigger refuses the token: invalid_request with the handler's message at /oauth2/token, UserLambdaValidationException from GetClientToken", async () => {
      await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V3_0', LambdaArn: `${receiver.url}/v3-fail` } });
      receiver.on('/v3-fail', () => ({ status: 400, body: { errorMessage: 'Unknown machine' } }));
      const refused = await clientToken({ scope: READ });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'invalid_request', error_description: 'PreTokenGeneration failed with error Unknown machine.' });
      expect(await sdkError(client.send(new GetClientTokenCommand({ ClientId: machine.clientId, Secret: machine.secret })))).toEqual({ name: 'UserLambdaValidationException', message: 'PreTokenGeneration failed with error Unknown machine.' });
      // An answer that cannot be read refuses it too.
      receiver.on('/v3-fail', (event) => ({ body: { ...event, response: { claimsAndScopeOverrideDetails: { accessTokenGeneration: { scopesToAdd: 'not-a-list' } } } } }));
      expect((await clientToken({ scope: READ })).body).toEqual({ error: 'invalid_request', error_description: 'Unrecognizable lambda output' });
    });

    it('refuses aws_client_metadata that is not a JSON object of strings with invalid_request, before asking the trigger', async () => {
      await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreTokenGenerationConfig: { LambdaVersion: 'V3_0', LambdaArn: `${receiver.url}/v3-metadata` } });
      for (const bad of ['not json', '["a"]', '{"n":1}']) {
        const { status, body } = await clientToken({ scope: READ, aws_client_metadata: bad });
        expect(status).toBe(400);
        expect(body.error).toBe('invalid_request');
      }
      expect(receiver.to('/v3-metadata')).toHaveLength(0);
    });
  });
});
