// A pool's message templates and email configuration in the messages it really sends (issue 24):
// VerificationMessageTemplate and the legacy verification members, SmsAuthenticationMessage, the
// email MFA message, InviteMessageTemplate, EmailConfiguration's From and Reply-To, and Cognito's
// refusal of a template without its placeholder; through the AWS SDK v3 client and the dev outbox,
// on PGlite and PostgreSQL.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ForgotPasswordCommand,
  GetUserPoolMfaConfigCommand,
  InitiateAuthCommand,
  SetUserPoolMfaConfigCommand,
  SignUpCommand,
  UpdateUserPoolCommand,
  type CreateUserPoolCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('pool message templates on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let client: CognitoIdentityProviderClient;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    client = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' } });
  });
  afterAll(async () => {
    sdk.destroy();
    client.destroy();
    await server.close();
  });

  /** A new pool with `input` and a client allowed password sign-in. */
  const poolWith = async (input: Partial<CreateUserPoolCommandInput>): Promise<{ poolId: string; clientId: string }> => {
    const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'messages pool', ...input }));
    const poolId = UserPool?.Id ?? '';
    const { UserPoolClient } = await sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'app', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }));
    return { poolId, clientId: UserPoolClient?.ClientId ?? '' };
  };
  const newName = (): { username: string; email: string; phone: string } => {
    n += 1;
    const username = `tpl-${database}-${n}-${Date.now().toString(36)}`;
    return { username, email: `${username}@example.com`, phone: `+1555${String(Date.now() % 1_000_000).padStart(6, '0')}${n % 10}` };
  };
  const refused = (input: Partial<CreateUserPoolCommandInput>) => sdkError(sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'bad', ...input })));

  it("sends SignUp's code in the pool's VerificationMessageTemplate, from the pool's sender; the code confirms the user, and ForgotPassword uses the template too", async () => {
    const { poolId, clientId } = await poolWith({
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE', EmailMessage: 'Acme code: {####}. Welcome aboard!', EmailSubject: 'Acme verification' },
      EmailConfiguration: { EmailSendingAccount: 'DEVELOPER', SourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/acme.example', From: 'Acme <no-reply@acme.example>', ReplyToEmailAddress: 'help@acme.example' },
    });
    const { username, email } = newName();
    await client.send(new SignUpCommand({ ClientId: clientId, Username: username, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'email', Value: email }] }));
    const [sent] = await server.outbox(email);
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(sent).toMatchObject({ channel: 'email', subject: 'Acme verification', body: `Acme code: ${sent?.code ?? 'none'}. Welcome aboard!`, from: 'Acme <no-reply@acme.example>', replyTo: 'help@acme.example' });
    await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: username, ConfirmationCode: sent?.code ?? '' }));
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }))).UserStatus).toBe('CONFIRMED');

    await client.send(new ForgotPasswordCommand({ ClientId: clientId, Username: username }));
    const [reset] = await server.outbox(email);
    expect(reset).toMatchObject({ subject: 'Acme verification', body: `Acme code: ${reset?.code ?? 'none'}. Welcome aboard!` });
  });

  it('keeps the built-in wording and sender in a pool without templates (the demo pool)', async () => {
    const { username, email } = newName();
    await client.send(new SignUpCommand({ ClientId: server.pool.clientId, Username: username, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'email', Value: email }] }));
    const [sent] = await server.outbox(email);
    expect(sent).toMatchObject({ subject: 'Your verification code', body: `Your confirmation code is ${sent?.code ?? 'none'}`, from: null, replyTo: null });
  });

  it('words an SMS sign-up code with the legacy SmsVerificationMessage', async () => {
    const { clientId } = await poolWith({ AutoVerifiedAttributes: ['phone_number'], SmsVerificationMessage: 'Acme SMS code {####}', EmailVerificationMessage: 'Acme mail code {####}', EmailVerificationSubject: 'Acme mail' });
    const { username, phone } = newName();
    await client.send(new SignUpCommand({ ClientId: clientId, Username: username, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'phone_number', Value: phone }] }));
    const [sent] = await server.outbox(phone);
    expect(sent).toMatchObject({ channel: 'sms', subject: null, body: `Acme SMS code ${sent?.code ?? 'none'}` });
  });

  it('confirms an emailed sign-up with a link in a CONFIRM_WITH_LINK pool, worded by EmailMessageByLink', async () => {
    const { poolId, clientId } = await poolWith({
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_LINK', EmailMessageByLink: 'Open {##Confirm my account##} to finish.', EmailSubjectByLink: 'Confirm your Acme account' },
    });
    const { username, email } = newName();
    await client.send(new SignUpCommand({ ClientId: clientId, Username: username, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'email', Value: email }] }));
    const [sent] = await server.outbox(email);
    expect(sent?.subject).toBe('Confirm your Acme account');
    const match = /^Open Confirm my account: (\S+) to finish\.$/.exec(sent?.body ?? '');
    expect(match, sent?.body).not.toBeNull();
    const link = new URL(match?.[1] ?? '');
    expect(link.pathname).toBe('/confirmUser');
    expect(link.searchParams.get('confirmation_code')).toBe(sent?.code);
    expect((await fetch(`${server.url}${link.pathname}${link.search}`)).status).toBe(200);
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }))).UserStatus).toBe('CONFIRMED');
  });

  it('sends an invitation in InviteMessageTemplate with the username and temporary password, by email and SMS', async () => {
    const { poolId } = await poolWith({
      AdminCreateUserConfig: { InviteMessageTemplate: { EmailSubject: 'Join Acme', EmailMessage: 'Hi {username}, sign in with {####}.', SMSMessage: 'Acme: {username} / {####}' } },
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT', ReplyToEmailAddress: 'people@acme.example' },
    });
    const { username, email, phone } = newName();
    await sdk.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: username,
        TemporaryPassword: 'Temp-Passw0rd!',
        DesiredDeliveryMediums: ['EMAIL', 'SMS'],
        UserAttributes: [{ Name: 'email', Value: email }, { Name: 'phone_number', Value: phone }],
      }),
    );
    expect((await server.outbox(email))[0]).toMatchObject({ subject: 'Join Acme', body: `Hi ${username}, sign in with Temp-Passw0rd!.`, replyTo: 'people@acme.example', from: null });
    expect((await server.outbox(phone))[0]).toMatchObject({ channel: 'sms', body: `Acme: ${username} / Temp-Passw0rd!` });
  });

  it('words SMS MFA codes with SmsAuthenticationMessage and email MFA codes with EmailMfaConfiguration, and GetUserPoolMfaConfig shows them', async () => {
    const { poolId, clientId } = await poolWith({ MfaConfiguration: 'OPTIONAL', SmsAuthenticationMessage: 'Acme first {####}' });
    await sdk.admin.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: poolId,
        MfaConfiguration: 'OPTIONAL',
        SmsMfaConfiguration: { SmsAuthenticationMessage: 'Acme SMS sign-in code {####}' },
        EmailMfaConfiguration: { Message: 'Acme email sign-in code {####}', Subject: 'Acme sign-in' },
      }),
    );
    expect(await sdk.admin.send(new GetUserPoolMfaConfigCommand({ UserPoolId: poolId }))).toMatchObject({
      SmsMfaConfiguration: { SmsAuthenticationMessage: 'Acme SMS sign-in code {####}' },
      EmailMfaConfiguration: { Message: 'Acme email sign-in code {####}', Subject: 'Acme sign-in' },
    });
    const { username, email, phone } = newName();
    await sdk.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'phone_number', Value: phone },
          { Name: 'phone_number_verified', Value: 'true' },
        ],
      }),
    );
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: 'Corr3ct-Horse!', Permanent: true }));
    const signIn = () => client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD: 'Corr3ct-Horse!' } }));

    await sdk.admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: poolId, Username: username, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));
    expect((await signIn()).ChallengeName).toBe('SMS_MFA');
    const [sms] = await server.outbox(phone);
    expect(sms?.body).toBe(`Acme SMS sign-in code ${sms?.code ?? 'none'}`);

    await sdk.admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: poolId, Username: username, SMSMfaSettings: { Enabled: false }, EmailMfaSettings: { Enabled: true, PreferredMfa: true } }));
    expect((await signIn()).ChallengeName).toBe('EMAIL_OTP');
    const [mail] = await server.outbox(email);
    expect(mail).toMatchObject({ subject: 'Acme sign-in', body: `Acme email sign-in code ${mail?.code ?? 'none'}` });
  });

  it('refuses a template without its placeholder, or a sender address that could break the headers, with InvalidParameterException', async () => {
    const cases: [Partial<CreateUserPoolCommandInput>, RegExp][] = [
      [{ VerificationMessageTemplate: { EmailMessage: 'No code in here' } }, /VerificationMessageTemplate.EmailMessage must contain the \{####\} placeholder/],
      [{ VerificationMessageTemplate: { SmsMessage: 'No code in here' } }, /SmsMessage must contain the \{####\}/],
      [{ EmailVerificationMessage: 'Legacy without code' }, /EmailVerificationMessage must contain the \{####\}/],
      [{ SmsVerificationMessage: 'Legacy without code' }, /SmsVerificationMessage must contain the \{####\}/],
      [{ SmsAuthenticationMessage: 'Sign-in without code' }, /SmsAuthenticationMessage must contain the \{####\}/],
      [{ VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_LINK', EmailMessageByLink: 'No link {####}' } }, /EmailMessageByLink must contain a link placeholder/],
      [{ AdminCreateUserConfig: { InviteMessageTemplate: { EmailMessage: 'Your password is {####}' } } }, /InviteMessageTemplate.EmailMessage must contain the \{username\} placeholder/],
      [{ AdminCreateUserConfig: { InviteMessageTemplate: { SMSMessage: 'Hello {username}' } } }, /InviteMessageTemplate.SMSMessage must contain the \{####\} placeholder/],
      // Threat: a line break in From or Reply-To adding headers (Bcc:) to every email the pool sends.
      [{ EmailConfiguration: { From: 'Acme <a@acme.example>\r\nBcc: spy@evil.example' } }, /From must be an email address/],
      [{ EmailConfiguration: { ReplyToEmailAddress: 'help@acme.example\nBcc: spy@evil.example' } }, /ReplyToEmailAddress must be an email address/],
    ];
    for (const [input, message] of cases) {
      const error = await refused(input);
      expect(error.name, JSON.stringify(input)).toBe('InvalidParameterException');
      expect(error.message).toMatch(message);
    }
    const { poolId } = await poolWith({});
    const update = await sdkError(sdk.admin.send(new UpdateUserPoolCommand({ UserPoolId: poolId, VerificationMessageTemplate: { EmailMessage: 'Still no code' } })));
    expect(update).toMatchObject({ name: 'InvalidParameterException', message: expect.stringMatching(/\{####\}/) as unknown });
    const mfa = await sdkError(sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: 'OPTIONAL', EmailMfaConfiguration: { Message: 'No code', Subject: 'x' } })));
    expect(mfa).toMatchObject({ name: 'InvalidParameterException', message: expect.stringMatching(/EmailMfaConfiguration.Message must contain the \{####\}/) as unknown });
  });
});
