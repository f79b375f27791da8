// CustomMessage, CustomEmailSender and CustomSMSSender as signed webhooks: the wording of code
// messages and invitations, and codes handed to the pool's own sender instead of the built-in
// delivery; through the AWS SDK v3 client against a real HTTP receiver, on PGlite and PostgreSQL.
import {
  AdminCreateUserCommand,
  type CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPoolLambdaConfig } from '../../../src/user-pool/triggers/lambda-config.js';
import { createTestUser } from '../../auth/auth-fixtures.js';
import { BOTH_DATABASES, type TestServer } from '../../harness.js';
import { sdkError, type SdkClients } from '../sdk-fixtures.js';
import { triggerFixture } from './trigger-fixture.js';
import type { Receiver } from './trigger-receiver.js';

describe.each(BOTH_DATABASES)('message triggers on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let client: CognitoIdentityProviderClient;
  let receiver: Receiver;
  let n = 0;

  triggerFixture(database, {}, (fixture) => {
    ({ server, sdk, client, receiver } = fixture);
  });
  beforeEach(() => {
    receiver.on('/message', (event) => ({ body: { ...event, response: { emailSubject: 'Welcome to Acme', emailMessage: `Hello ${String(event.userName)}, your code is {####}.`, smsMessage: null } } }));
  });

  const newName = (): { username: string; email: string } => {
    n += 1;
    const username = `msg-${database}-${n}-${Date.now().toString(36)}`;
    return { username, email: `${username}@example.com` };
  };
  const signUp = (username: string, email: string, metadata?: Record<string, string>) =>
    client.send(new SignUpCommand({ ClientId: server.pool.clientId, Username: username, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'email', Value: email }], ...(metadata !== undefined ? { ClientMetadata: metadata } : {}) }));

  it('CustomMessage words the sign-up code: the event, then the message sent with the code filled in', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { CustomMessage: `${receiver.url}/message` });
    const { username, email } = newName();
    const { UserSub } = await signUp(username, email, { lang: 'en' });
    expect(receiver.to('/message')[0]?.event).toEqual({
      version: '1',
      triggerSource: 'CustomMessage_SignUp',
      region: 'us-east-1',
      userPoolId: server.pool.userPoolId,
      userName: username,
      callerContext: { awsSdkVersion: expect.stringMatching(/^aws-sdk-js-/) as unknown, clientId: server.pool.clientId },
      request: { userAttributes: { sub: UserSub, email, 'cognito:user_status': 'UNCONFIRMED' }, codeParameter: '{####}', usernameParameter: null },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    });
    const [message] = await server.outbox(email);
    expect(message?.subject).toBe('Welcome to Acme');
    expect(message?.body).toBe(`Hello ${username}, your code is ${message?.code ?? 'none'}.`);
    expect(message?.code).toMatch(/^\d{6}$/);

    await client.send(new ResendConfirmationCodeCommand({ ClientId: server.pool.clientId, Username: username }));
    expect(receiver.to('/message')[1]?.event.triggerSource).toBe('CustomMessage_ResendCode');
  });

  it('refuses a CustomMessage answer that dropped the code placeholder', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { CustomMessage: `${receiver.url}/message` });
    receiver.on('/message', (event) => ({ body: { ...event, response: { emailMessage: 'Welcome, no code here' } } }));
    const { username, email } = newName();
    expect(await sdkError(signUp(username, email))).toEqual({ name: 'InvalidLambdaResponseException', message: 'Unrecognizable lambda output' });
  });

  it('CustomMessage words the invitation of AdminCreateUser with the username and temporary password', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { CustomMessage: `${receiver.url}/invite` });
    receiver.on('/invite', (event) => ({ body: { ...event, response: { emailSubject: 'You are invited', emailMessage: 'Sign in as {username} with {####}' } } }));
    const { username, email } = newName();
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: server.pool.userPoolId, Username: username, TemporaryPassword: 'Temp-Passw0rd!', UserAttributes: [{ Name: 'email', Value: email }] }));
    expect(receiver.to('/invite')[0]?.event).toMatchObject({ triggerSource: 'CustomMessage_AdminCreateUser', callerContext: { clientId: 'CLIENT_ID_NOT_APPLICABLE' }, request: { codeParameter: '{####}', usernameParameter: '{username}' } });
    const [message] = await server.outbox(email);
    expect(message).toMatchObject({ subject: 'You are invited', body: `Sign in as ${username} with Temp-Passw0rd!` });
  });

  it('CustomEmailSender gets the code instead of the built-in delivery, and the code it got confirms the user', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { CustomEmailSender: { LambdaVersion: 'V1_0', LambdaArn: `${receiver.url}/email-sender` }, CustomMessage: `${receiver.url}/message` });
    const { username, email } = newName();
    const result = await signUp(username, email);
    expect(result.CodeDeliveryDetails).toEqual({ Destination: expect.stringMatching(/^m\*\*\*@e\*\*\*$/) as unknown, DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(await server.outbox(email)).toEqual([]);
    // The sender replaces CustomMessage: the pool's own system words and sends the message.
    expect(receiver.to('/message')).toHaveLength(0);
    const [call] = receiver.to('/email-sender');
    expect(call?.event).toMatchObject({
      version: '1',
      triggerSource: 'CustomEmailSender_SignUp',
      userName: username,
      request: { type: 'customEmailSenderRequestV1', code: expect.stringMatching(/^\d{6}$/) as unknown, userAttributes: { email, 'cognito:user_status': 'UNCONFIRMED' } },
      response: {},
    });
    await client.send(new ConfirmSignUpCommand({ ClientId: server.pool.clientId, Username: username, ConfirmationCode: String(call?.event.request.code) }));
  });

  it("answers a failing sender with the handler's message", async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { CustomEmailSender: { LambdaVersion: 'V1_0', LambdaArn: `${receiver.url}/email-sender` } });
    receiver.on('/email-sender', () => ({ status: 502, body: { errorMessage: 'Mail provider rejected the message' } }));
    const { username, email } = newName();
    expect(await sdkError(signUp(username, email))).toEqual({ name: 'UserLambdaValidationException', message: 'CustomEmailSender failed with error Mail provider rejected the message.' });
  });

  it('CustomSMSSender gets the SMS MFA code of a sign-in, and the code it got completes the sign-in', async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { CustomSMSSender: { LambdaVersion: 'V1_0', LambdaArn: `${receiver.url}/sms-sender` } });
    const user = await createTestUser(server, { mfa: 'sms' });
    const started = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
    expect(started.ChallengeName).toBe('SMS_MFA');
    expect(await server.outbox(user.phone)).toEqual([]);
    const [call] = receiver.to('/sms-sender');
    expect(call?.event).toMatchObject({ triggerSource: 'CustomSMSSender_Authentication', request: { type: 'customSMSSenderRequestV1', userAttributes: { phone_number: user.phone } } });
    const done = await client.send(
      new RespondToAuthChallengeCommand({ ClientId: server.pool.clientId, ChallengeName: 'SMS_MFA', Session: started.Session, ChallengeResponses: { USERNAME: user.username, SMS_MFA_CODE: String(call?.event.request.code) } }),
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it("CustomMessage's answer overrides the pool's verification template; a null answer keeps the template's wording", async () => {
    const { UserPool } = await sdk.admin.send(
      new CreateUserPoolCommand({
        PoolName: 'templated',
        AutoVerifiedAttributes: ['email'],
        VerificationMessageTemplate: { EmailMessage: 'Template code {####}', EmailSubject: 'Template subject' },
        LambdaConfig: { CustomMessage: `${receiver.url}/templated` },
      }),
    );
    const poolId = UserPool?.Id ?? '';
    const { UserPoolClient } = await sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'app' }));
    const signUpIn = (username: string, email: string) =>
      client.send(new SignUpCommand({ ClientId: UserPoolClient?.ClientId, Username: username, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'email', Value: email }] }));

    receiver.on('/templated', (event) => ({ body: { ...event, response: { emailSubject: 'Trigger subject', emailMessage: 'Trigger says {####}', smsMessage: null } } }));
    const first = newName();
    await signUpIn(first.username, first.email);
    expect(receiver.to('/templated')[0]?.event.request).toMatchObject({ codeParameter: '{####}', usernameParameter: null });
    const [overridden] = await server.outbox(first.email);
    expect(overridden).toMatchObject({ subject: 'Trigger subject', body: `Trigger says ${overridden?.code ?? 'none'}` });

    receiver.on('/templated', (event) => ({ body: event }));
    const second = newName();
    await signUpIn(second.username, second.email);
    const [kept] = await server.outbox(second.email);
    expect(kept).toMatchObject({ subject: 'Template subject', body: `Template code ${kept?.code ?? 'none'}` });
  });
});
