// PreTokenGeneration V1 and V2 as signed webhooks: the event, and the claims, groups and scopes of
// the tokens the sign-in and the refresh issue; through the AWS SDK v3 client against a real HTTP
// receiver, on PGlite and PostgreSQL.
import { type CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { setPoolLambdaConfig } from '../../../src/user-pool/triggers/lambda-config.js';
import { createTestUser, type TestUser } from '../../auth/auth-fixtures.js';
import { BOTH_DATABASES, type TestServer } from '../../harness.js';
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
});
