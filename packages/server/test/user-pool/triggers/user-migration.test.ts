// UserMigration as a signed webhook: sign-in and ForgotPassword of users not yet in the pool,
// through the AWS SDK v3 client against a real HTTP receiver, on PGlite and PostgreSQL.
import { AdminGetUserCommand, type CognitoIdentityProviderClient, ConfirmForgotPasswordCommand, ForgotPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../../auth/auth-fixtures.js';
import { BOTH_DATABASES, type TestServer } from '../../harness.js';
import { sdkError, type SdkClients } from '../sdk-fixtures.js';
import { triggerFixture } from './trigger-fixture.js';
import type { Receiver } from './trigger-receiver.js';

describe.each(BOTH_DATABASES)('UserMigration on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let client: CognitoIdentityProviderClient;
  let receiver: Receiver;
  let n = 0;
  /** The old system: username → password and attributes. */
  const legacy = new Map<string, { password: string; attributes: Record<string, string>; status?: string; smsMfa?: boolean; answer?: Record<string, unknown> }>();

  triggerFixture(database, { mfaOff: true, lambdaConfig: (url) => ({ UserMigration: `${url}/migrate` }) }, (fixture) => {
    ({ server, sdk, client, receiver } = fixture);
  });
  beforeEach(() => {
    // A handler as the Cognito guide writes one: look the user up, check the password on sign-in.
    receiver.on('/migrate', (event) => {
      const old = legacy.get(String(event.userName));
      const request = event.request as { password?: string };
      if (old === undefined) return { status: 400, body: { errorMessage: 'User does not exist in the old system' } };
      if (event.triggerSource === 'UserMigration_Authentication' && request.password !== old.password) return { status: 400, body: { errorMessage: 'Bad password' } };
      const answer = old.answer ?? { messageAction: 'SUPPRESS' };
      return { body: { ...event, response: { userAttributes: old.attributes, finalUserStatus: old.status ?? 'CONFIRMED', ...answer, ...(old.smsMfa === true ? { enableSMSMFA: true } : {}) } } };
    });
  });

  const legacyUser = (extra: Partial<{ status: string; attributes: Record<string, string>; smsMfa: boolean; answer: Record<string, unknown> }> = {}): { username: string; password: string; email: string } => {
    n += 1;
    const username = `legacy-${database}-${n}-${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const password = 'Old-Passw0rd!';
    legacy.set(username, {
      password,
      attributes: extra.attributes ?? { email, email_verified: 'true', given_name: 'Ada', sub: 'not-theirs' },
      ...(extra.status !== undefined ? { status: extra.status } : {}),
      ...(extra.smsMfa !== undefined ? { smsMfa: extra.smsMfa } : {}),
      ...(extra.answer !== undefined ? { answer: extra.answer } : {}),
    });
    return { username, password, email };
  };
  const signIn = (username: string, password: string, metadata?: Record<string, string>) =>
    client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username, PASSWORD: password }, ...(metadata !== undefined ? { ClientMetadata: metadata } : {}) }));

  it('migrates a user at sign-in with the attributes the handler returns, and signs them in', async () => {
    const old = legacyUser();
    const result = await signIn(old.username, old.password, { origin: 'app' });
    expect(result.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(receiver.to('/migrate')[0]?.event).toEqual({
      version: '1',
      triggerSource: 'UserMigration_Authentication',
      region: 'us-east-1',
      userPoolId: server.pool.userPoolId,
      userName: old.username,
      callerContext: { awsSdkVersion: expect.stringMatching(/^aws-sdk-js-/) as unknown, clientId: server.pool.clientId },
      request: { password: old.password, validationData: { origin: 'app' } },
      response: { userAttributes: null, finalUserStatus: null, messageAction: null, desiredDeliveryMediums: null, forceAliasCreation: null, enableSMSMFA: null },
    });
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: old.username }));
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: old.email }, { Name: 'given_name', Value: 'Ada' }, { Name: 'email_verified', Value: 'true' }]));
    // The handler cannot choose the sub.
    expect(user.UserAttributes?.find((a) => a.Name === 'sub')?.Value).not.toBe('not-theirs');
    // In the pool now: the next sign-in does not ask again, and a wrong password is refused as usual.
    await signIn(old.username, old.password);
    expect(receiver.to('/migrate')).toHaveLength(1);
    expect((await sdkError(signIn(old.username, 'Wrong-passw0rd!'))).name).toBe('NotAuthorizedException');
  });

  it("refuses the sign-in with the handler's message and creates nobody", async () => {
    const old = legacyUser();
    expect(await sdkError(signIn(old.username, 'Wrong-passw0rd!'))).toEqual({ name: 'UserLambdaValidationException', message: 'UserMigration failed with error Bad password.' });
    expect((await sdkError(sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: old.username })))).name).toBe('UserNotFoundException');
  });

  it('creates a RESET_REQUIRED user when the handler says so, whose sign-in then asks for a reset', async () => {
    const old = legacyUser({ status: 'RESET_REQUIRED' });
    expect((await sdkError(signIn(old.username, old.password))).name).toBe('PasswordResetRequiredException');
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: old.username }));
    expect(user.UserStatus).toBe('RESET_REQUIRED');
  });

  it('answers attributes outside the schema with InvalidLambdaResponseException', async () => {
    const old = legacyUser({ attributes: { email: 'x@example.com', shoe_size: '42' } });
    expect(await sdkError(signIn(old.username, old.password))).toEqual({ name: 'InvalidLambdaResponseException', message: 'Invalid lambda response: Attribute does not exist in the schema: shoe_size' });
  });

  it('migrates a user at ForgotPassword: the reset code goes to them and the reset signs them in', async () => {
    const old = legacyUser();
    const sent = await client.send(new ForgotPasswordCommand({ ClientId: server.pool.clientId, Username: old.username, ClientMetadata: { origin: 'reset' } }));
    expect(sent.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const [call] = receiver.to('/migrate');
    expect(call?.event).toMatchObject({ triggerSource: 'UserMigration_ForgotPassword', userName: old.username, request: { validationData: { origin: 'reset' } } });
    expect(call?.event.request.password).toBeUndefined();
    const created = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: old.username }));
    expect(created.UserStatus).toBe('RESET_REQUIRED');
    // messageAction SUPPRESS holds back the welcome message only: the reset code is the one message sent.
    const messages = await server.outbox(old.email);
    expect(messages).toHaveLength(1);
    const code = await server.latestCode(old.email);
    await client.send(new ConfirmForgotPasswordCommand({ ClientId: server.pool.clientId, Username: old.username, ConfirmationCode: code, Password: 'New-Passw0rd!' }));
    expect((await signIn(old.username, 'New-Passw0rd!')).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('keeps SMS MFA on for a migrated user when the handler sets enableSMSMFA', async () => {
    const old = legacyUser({ smsMfa: true, attributes: { email: 'sms-mfa@example.com', phone_number: '+15550001234', phone_number_verified: 'true' } });
    // The pool's MFA is off in this suite: the setting is what is checked.
    await signIn(old.username, old.password);
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: old.username }));
    expect(user.UserMFASettingList).toEqual(['SMS_MFA']);
  });

  it('sends a migrated user the welcome message, by SMS unless desiredDeliveryMediums says otherwise, and nothing when the handler answers SUPPRESS', async () => {
    const withPhone = (name: string, phone: string) => ({ email: `${name}@example.com`, phone_number: phone, phone_number_verified: 'true' });
    const bySms = legacyUser({ answer: {} });
    legacy.set(bySms.username, { ...(legacy.get(bySms.username) ?? { password: '' }), attributes: withPhone(bySms.username, '+15550002001') });
    await signIn(bySms.username, bySms.password);
    const [welcome] = await server.outbox('+15550002001');
    expect(welcome).toMatchObject({ channel: 'sms', code: null, body: expect.stringContaining(`Welcome, ${bySms.username}.`) as unknown });
    expect(await server.outbox(`${bySms.username}@example.com`)).toEqual([]);

    const byEmail = legacyUser({ answer: { messageAction: 'RESEND', desiredDeliveryMediums: ['EMAIL'] } });
    legacy.set(byEmail.username, { ...(legacy.get(byEmail.username) ?? { password: '' }), attributes: withPhone(byEmail.username, '+15550002002') });
    await signIn(byEmail.username, byEmail.password);
    expect((await server.outbox(`${byEmail.username}@example.com`))[0]).toMatchObject({ channel: 'email', subject: 'Welcome', code: null });
    expect(await server.outbox('+15550002002')).toEqual([]);

    const suppressed = legacyUser({ answer: { messageAction: 'SUPPRESS', desiredDeliveryMediums: ['EMAIL', 'SMS'] } });
    legacy.set(suppressed.username, { ...(legacy.get(suppressed.username) ?? { password: '' }), attributes: withPhone(suppressed.username, '+15550002003') });
    expect((await signIn(suppressed.username, suppressed.password)).AuthenticationResult?.AccessToken).toBeTruthy();
    expect(await server.outbox(`${suppressed.username}@example.com`)).toEqual([]);
    expect(await server.outbox('+15550002003')).toEqual([]);
  });

  it('answers a messageAction or delivery medium Cognito does not know with InvalidLambdaResponseException, creating nobody', async () => {
    for (const answer of [{ messageAction: 'SILENT' }, { desiredDeliveryMediums: ['PIGEON'] }, { forceAliasCreation: 'yes' }]) {
      const old = legacyUser({ answer });
      expect(await sdkError(signIn(old.username, old.password))).toEqual({ name: 'InvalidLambdaResponseException', message: 'Unrecognizable lambda output' });
      expect((await sdkError(sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: old.username })))).name).toBe('UserNotFoundException');
    }
  });

  it('refuses to migrate a user whose verified email is already another user\'s alias, unless forceAliasCreation moves the alias to them', async () => {
    const holder = await createTestUser(server, { mfa: 'none' });
    const attributes = { email: holder.email, email_verified: 'true' };
    const refused = legacyUser({ attributes, answer: { messageAction: 'SUPPRESS' } });
    expect((await sdkError(signIn(refused.username, refused.password))).name).toBe('AliasExistsException');
    expect((await sdkError(sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: refused.username })))).name).toBe('UserNotFoundException');

    const forced = legacyUser({ attributes, answer: { messageAction: 'SUPPRESS', forceAliasCreation: true } });
    expect((await signIn(forced.username, forced.password)).AuthenticationResult?.AccessToken).toBeTruthy();
    const previous = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: holder.username }));
    expect(previous.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: holder.email }, { Name: 'email_verified', Value: 'false' }]));
    // The alias signs the migrated user in now, not the previous holder.
    const byAlias = await signIn(holder.email, forced.password);
    expect(byAlias.AuthenticationResult?.AccessToken).toBeTruthy();
  });
});
