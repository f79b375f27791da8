// PreAuthentication and PostAuthentication as signed webhooks, through the AWS SDK v3 client
// against a real HTTP receiver, on PGlite and PostgreSQL.
import { type CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPoolLambdaConfig } from '../../../src/user-pool/triggers/lambda-config.js';
import { createTestUser, expectError, srpAuth, tokens } from '../../auth/auth-fixtures.js';
import { createClientEphemeral } from '@steward/auth-core/srp';
import { BOTH_DATABASES, type TestServer } from '../../harness.js';
import { sdkError } from '../sdk-fixtures.js';
import { triggerFixture } from './trigger-fixture.js';
import type { Receiver } from './trigger-receiver.js';

describe.each(BOTH_DATABASES)('authentication triggers on %s', (database) => {
  let server: TestServer;
  let client: CognitoIdentityProviderClient;
  let receiver: Receiver;

  triggerFixture(database, { mfaOff: true }, (fixture) => {
    ({ server, client, receiver } = fixture);
  });
  beforeEach(async () => {
    receiver.on('/pre-auth', (event) => ({ body: event }));
    receiver.on('/post-auth', (event) => ({ body: event }));
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreAuthentication: `${receiver.url}/pre-auth`, PostAuthentication: `${receiver.url}/post-auth` });
  });

  const signIn = (username: string, password: string, clientMetadata?: Record<string, string>) =>
    client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username, PASSWORD: password }, ...(clientMetadata !== undefined ? { ClientMetadata: clientMetadata } : {}) }));

  it('asks PreAuthentication with the user and the ClientMetadata as validationData, then tells PostAuthentication, then issues tokens', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    const result = await signIn(user.username, user.password, { app: 'web' });
    expect(result.AuthenticationResult?.IdToken).toBeTruthy();
    const [pre] = receiver.to('/pre-auth');
    expect(pre?.event).toEqual({
      version: '1',
      triggerSource: 'PreAuthentication_Authentication',
      region: 'us-east-1',
      userPoolId: server.pool.userPoolId,
      userName: user.username,
      callerContext: { awsSdkVersion: expect.stringMatching(/^aws-sdk-js-/) as unknown, clientId: server.pool.clientId },
      request: {
        userAttributes: expect.objectContaining({ sub: user.sub, email: user.email, email_verified: 'true', 'cognito:user_status': 'CONFIRMED' }) as unknown,
        // The default client hides user existence (PreventUserExistenceErrors), so Cognito adds the flag.
        userNotFound: false,
        validationData: { app: 'web' },
      },
      response: {},
    });
    const [post] = receiver.to('/post-auth');
    expect(post?.event).toMatchObject({
      version: '1',
      triggerSource: 'PostAuthentication_Authentication',
      userName: user.username,
      callerContext: { clientId: server.pool.clientId },
      request: { userAttributes: { sub: user.sub, email: user.email }, newDeviceUsed: expect.any(Boolean) as unknown, clientMetadata: { app: 'web' } },
      response: {},
    });
    // Pre before post: the order of the sign-in.
    expect(receiver.requests.map((r) => r.path)).toEqual(['/pre-auth', '/post-auth']);
  });

  it("refuses the sign-in with PreAuthentication's message, before the password is checked", async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    receiver.on('/pre-auth', () => ({ status: 400, body: { errorMessage: 'Account is on hold' } }));
    expect(await sdkError(signIn(user.username, user.password))).toEqual({ name: 'UserLambdaValidationException', message: 'PreAuthentication failed with error Account is on hold.' });
    // A wrong password gets the same answer: the trigger runs first, as in Cognito.
    expect(await sdkError(signIn(user.username, 'Wrong-passw0rd!'))).toEqual({ name: 'UserLambdaValidationException', message: 'PreAuthentication failed with error Account is on hold.' });
    expect(receiver.to('/post-auth')).toHaveLength(0);
  });

  it('asks PreAuthentication about an unknown name with userNotFound when the client hides user existence', async () => {
    expect((await sdkError(signIn('nobody-here', 'Wrong-passw0rd!'))).name).toBe('NotAuthorizedException');
    expect(receiver.to('/pre-auth')[0]?.event.request).toEqual({ userAttributes: {}, userNotFound: true, validationData: {} });
    expect(receiver.to('/post-auth')).toHaveLength(0);
  });

  it("fails the sign-in with PostAuthentication's message, after the password was proven", async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    receiver.on('/post-auth', () => ({ status: 500, body: { errorMessage: 'Audit sink unavailable' } }));
    expect(await sdkError(signIn(user.username, user.password))).toEqual({ name: 'UserLambdaValidationException', message: 'PostAuthentication failed with error Audit sink unavailable.' });
    // A wrong password never reaches PostAuthentication.
    expect((await sdkError(signIn(user.username, 'Wrong-passw0rd!'))).name).toBe('NotAuthorizedException');
    expect(receiver.to('/post-auth')).toHaveLength(1);
  });

  it('asks both over SRP: PreAuthentication at InitiateAuth, PostAuthentication once the password verifier is answered', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    tokens(await srpAuth(server, user.username, user.password));
    expect(receiver.requests.map((r) => r.path)).toEqual(['/pre-auth', '/post-auth']);
    receiver.on('/pre-auth', () => ({ status: 400, body: { errorMessage: 'No SRP today' } }));
    const start = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, SRP_A: createClientEphemeral().srpAHex } });
    expectError(start, 'UserLambdaValidationException', 'PreAuthentication failed with error No SRP today.');
  });
});
