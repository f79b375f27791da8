// Conformance: the official @aws-sdk/client-cognito-identity-provider, pointed at the server,
// gets Cognito-shaped answers and errors. Runs on PGlite and on the local PostgreSQL.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  ListUsersCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/time/clock.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from './harness.js';

/** The error name an SDK call failed with. */
async function errorName(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { name: string }).name;
  }
  return 'no error';
}

describe.each(BOTH_DATABASES)('Cognito SDK conformance on %s', (database) => {
  let server: TestServer;
  let sdk: CognitoIdentityProviderClient;
  let admin: CognitoIdentityProviderClient;
  let clientId: string;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database });
    clientId = server.pool.clientId;
    poolId = server.pool.userPoolId;
    const common = { region: 'us-east-1', endpoint: server.url, maxAttempts: 1 };
    sdk = new CognitoIdentityProviderClient({ ...common, credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' } });
    admin = new CognitoIdentityProviderClient({ ...common, credentials: TEST_ADMIN_CREDENTIALS });
  });
  afterAll(async () => {
    sdk.destroy();
    admin.destroy();
    await server.close();
  });

  const signUp = (username: string, email: string, password = 'Corr3ct-Horse!') =>
    sdk.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: username,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Grace' },
          { Name: 'family_name', Value: 'Hopper' },
        ],
      }),
    );

  it('signs up a user, emails a code to the dev outbox and confirms with it', async () => {
    const result = await signUp('grace', 'grace@example.com');
    expect(result.UserConfirmed).toBe(false);
    expect(result.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'g***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });

    const code = await server.latestCode('grace@example.com');
    expect(code).toMatch(/^\d{6}$/);
    await sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: 'grace', ConfirmationCode: code }));

    const user = await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'grace' }));
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.Enabled).toBe(true);
    expect(user.UserCreateDate).toBeInstanceOf(Date);
    expect(user.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'sub', Value: result.UserSub }, { Name: 'email_verified', Value: 'true' }]));
  });

  it('answers a taken username with UsernameExistsException, case-insensitively', async () => {
    expect(await errorName(signUp('GRACE', 'other@example.com'))).toBe('UsernameExistsException');
  });

  it('answers a weak password with InvalidPasswordException and a policy message', async () => {
    try {
      await signUp('weak', 'weak@example.com', 'alllowercase1!');
      expect.unreachable();
    } catch (error) {
      expect((error as Error).name).toBe('InvalidPasswordException');
      expect((error as Error).message).toBe('Password did not conform with policy: Password must have uppercase characters');
    }
  });

  it('refuses a wrong confirmation code with CodeMismatchException and keeps the user unconfirmed', async () => {
    await signUp('linus', 'linus@example.com');
    const code = await server.latestCode('linus@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await errorName(sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: 'linus', ConfirmationCode: wrong })))).toBe('CodeMismatchException');
    const user = await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'linus' }));
    expect(user.UserStatus).toBe('UNCONFIRMED');
  });

  it('resends the confirmation code and only the newest one works', async () => {
    const first = await server.latestCode('linus@example.com');
    await sdk.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: 'linus' }));
    const second = await server.latestCode('linus@example.com');
    if (first !== second) {
      expect(await errorName(sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: 'linus', ConfirmationCode: first })))).toBe('CodeMismatchException');
    }
    await sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: 'linus', ConfirmationCode: second }));
    expect((await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'linus' }))).UserStatus).toBe('CONFIRMED');
  });

  it('resets a forgotten password with the emailed code', async () => {
    const result = await sdk.send(new ForgotPasswordCommand({ ClientId: clientId, Username: 'grace' }));
    expect(result.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const code = await server.latestCode('grace@example.com');
    await sdk.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: 'grace', ConfirmationCode: code, Password: 'N3w-Password!' }));
    // The code is single-use.
    expect(
      await errorName(sdk.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: 'grace', ConfirmationCode: code, Password: 'N3w-Password!2' }))),
    ).toBe('ExpiredCodeException');
  });

  it('answers an expired reset code with ExpiredCodeException', async () => {
    await sdk.send(new ForgotPasswordCommand({ ClientId: clientId, Username: 'linus' }));
    const code = await server.latestCode('linus@example.com');
    (server.clock as ManualClock).advance(server.config.codeTtlSeconds + 1);
    expect(
      await errorName(sdk.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: 'linus', ConfirmationCode: code, Password: 'N3w-Password!' }))),
    ).toBe('ExpiredCodeException');
  });

  it('limits code sending with LimitExceededException', async () => {
    await signUp('ada', 'ada@example.com');
    const names: string[] = [];
    for (let i = 0; i < server.config.codeSendLimit + 1; i++) {
      names.push(await errorName(sdk.send(new ForgotPasswordCommand({ ClientId: clientId, Username: 'ada' }))));
    }
    // An unconfirmed user has no verified email: ForgotPassword fails before sending; use resend instead.
    const resends: string[] = [];
    for (let i = 0; i < server.config.codeSendLimit + 1; i++) {
      resends.push(await errorName(sdk.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: 'ada' }))));
    }
    expect(names.every((n) => n === 'InvalidParameterException')).toBe(true);
    // SignUp sent one code already, so the limit is reached one resend earlier.
    expect(resends.slice(0, server.config.codeSendLimit - 1).every((n) => n === 'no error')).toBe(true);
    expect(resends[resends.length - 1]).toBe('LimitExceededException');
  });

  it('creates a user with a temporary password (FORCE_CHANGE_PASSWORD) and invites by email', async () => {
    const result = await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: 'temp.user',
        TemporaryPassword: 'Temp-Passw0rd!',
        UserAttributes: [
          { Name: 'email', Value: 'temp@example.com' },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect(result.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(result.User?.Username).toBe('temp.user');
    const [invitation] = await server.outbox('temp@example.com');
    expect(invitation?.body).toContain('temp.user');
    expect(invitation?.code).toBe('Temp-Passw0rd!');
  });

  it('lists users with a filter and pages through them', async () => {
    const byEmail = await admin.send(new ListUsersCommand({ UserPoolId: poolId, Filter: 'email = "grace@example.com"' }));
    expect(byEmail.Users?.map((u) => u.Username)).toEqual(['grace']);
    const byPrefix = await admin.send(new ListUsersCommand({ UserPoolId: poolId, Filter: 'username ^= "li"' }));
    expect(byPrefix.Users?.map((u) => u.Username)).toEqual(['linus']);
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await admin.send(new ListUsersCommand({ UserPoolId: poolId, Limit: 2, PaginationToken: token }));
      expect(page.Users?.length).toBeLessThanOrEqual(2);
      seen.push(...(page.Users ?? []).map((u) => u.Username ?? ''));
      token = page.PaginationToken;
    } while (token !== undefined);
    const all = await admin.send(new ListUsersCommand({ UserPoolId: poolId }));
    expect(seen).toEqual(all.Users?.map((u) => u.Username));
    expect(seen.length).toBeGreaterThanOrEqual(7);
    expect(await errorName(admin.send(new ListUsersCommand({ UserPoolId: poolId, Filter: 'email = unquoted' })))).toBe('InvalidParameterException');
  });

  it('adds, lists and removes group memberships', async () => {
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: 'grace', GroupName: 'Admins' }));
    const groups = await admin.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: 'grace' }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['Admins']);
    await admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: 'grace', GroupName: 'Admins' }));
    expect((await admin.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: 'grace' }))).Groups).toEqual([]);
    expect(await errorName(admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: 'grace', GroupName: 'Nope' })))).toBe('ResourceNotFoundException');
  });

  it('disables, enables, sets and resets passwords, and sets MFA preferences', async () => {
    await admin.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'temp.user' }));
    expect((await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'temp.user' }))).Enabled).toBe(false);
    await admin.send(new AdminEnableUserCommand({ UserPoolId: poolId, Username: 'temp.user' }));
    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'temp.user', Password: 'Perm-Passw0rd!', Permanent: true }));
    expect((await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'temp.user' }))).UserStatus).toBe('CONFIRMED');
    await admin.send(new AdminResetUserPasswordCommand({ UserPoolId: poolId, Username: 'temp.user' }));
    expect((await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'temp.user' }))).UserStatus).toBe('RESET_REQUIRED');
    expect(await server.latestCode('temp@example.com')).toMatch(/^\d{6}$/);

    await admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: poolId, Username: 'admin', SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const mfa = await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'admin' }));
    expect(mfa.PreferredMfaSetting).toBe('SMS_MFA');
    expect(mfa.UserMFASettingList).toEqual(['SMS_MFA']);
    expect(
      await errorName(admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: poolId, Username: 'admin', SoftwareTokenMfaSettings: { Enabled: true } }))),
    ).toBe('InvalidParameterException');
  });

  it('runs the token operations: GetUser, UpdateUserAttributes, verification, ChangePassword, DeleteUserAttributes', async () => {
    const tokens = await issueTokensFor(server, 'grace');
    const me = await sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(me.Username).toBe('grace');
    expect(me.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'given_name', Value: 'Grace' }]));

    const update = await sdk.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'email', Value: 'grace.h@example.com' }, { Name: 'nickname', Value: 'amazing' }] }));
    expect(update.CodeDeliveryDetailsList?.[0]?.AttributeName).toBe('email');
    const code = await server.latestCode('grace.h@example.com');
    await sdk.send(new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: code }));
    const after = await sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(after.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: 'grace.h@example.com' }, { Name: 'email_verified', Value: 'true' }]));

    const again = await sdk.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email' }));
    expect(again.CodeDeliveryDetails?.Destination).toBe('g***@e***');

    expect(await errorName(sdk.send(new ChangePasswordCommand({ AccessToken: tokens.AccessToken, PreviousPassword: 'Wrong-Passw0rd!', ProposedPassword: 'An0ther-Pass!' })))).toBe(
      'NotAuthorizedException',
    );
    await sdk.send(new ChangePasswordCommand({ AccessToken: tokens.AccessToken, PreviousPassword: 'N3w-Password!', ProposedPassword: 'An0ther-Pass!' }));

    await sdk.send(new DeleteUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributeNames: ['nickname'] }));
    const trimmed = await sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(trimmed.UserAttributes?.some((a) => a.Name === 'nickname')).toBe(false);
    expect(await errorName(sdk.send(new DeleteUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributeNames: ['email'] })))).toBe('InvalidParameterException');
  });

  it('revokes tokens: RevokeToken, GlobalSignOut and AdminUserGlobalSignOut', async () => {
    const first = await issueTokensFor(server, 'grace');
    await sdk.send(new RevokeTokenCommand({ ClientId: clientId, Token: first.RefreshToken }));
    expect(await errorName(sdk.send(new GetUserCommand({ AccessToken: first.AccessToken })))).toBe('NotAuthorizedException');

    const second = await issueTokensFor(server, 'grace');
    const third = await issueTokensFor(server, 'grace');
    await sdk.send(new GlobalSignOutCommand({ AccessToken: second.AccessToken }));
    expect(await errorName(sdk.send(new GetUserCommand({ AccessToken: third.AccessToken })))).toBe('NotAuthorizedException');

    const fourth = await issueTokensFor(server, 'grace');
    await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: 'grace' }));
    expect(await errorName(sdk.send(new GetUserCommand({ AccessToken: fourth.AccessToken })))).toBe('NotAuthorizedException');
  });

  it('deletes users: DeleteUser by the user, AdminDeleteUser by an administrator', async () => {
    const tokens = await issueTokensFor(server, 'linus');
    await sdk.send(new DeleteUserCommand({ AccessToken: tokens.AccessToken }));
    expect(await errorName(admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'linus' })))).toBe('UserNotFoundException');
    await admin.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: 'temp.user' }));
    expect(await errorName(admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'temp.user' })))).toBe('UserNotFoundException');
  });

  it('refuses admin calls signed with a wrong secret (InvalidSignatureException) or another key', async () => {
    // Threat: anyone on the network managing users through the public endpoint.
    const forged = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: { accessKeyId: TEST_ADMIN_CREDENTIALS.accessKeyId, secretAccessKey: 'guessed' } });
    const stranger = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: { accessKeyId: 'AKIAOTHER', secretAccessKey: 'x' } });
    expect(await errorName(forged.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: 'admin' })))).toBe('InvalidSignatureException');
    expect(await errorName(stranger.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: 'admin' })))).toBe('UnrecognizedClientException');
    forged.destroy();
    stranger.destroy();
    expect((await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'admin' }))).Username).toBe('admin');
  });
});
