// AdminSetUserSettings, SetUserSettings, GetUserAuthFactors and AdminGetUserAuthFactors through the
// AWS SDK v3 client, on PGlite and PostgreSQL.
import {
  AdminGetUserAuthFactorsCommand,
  AdminGetUserCommand,
  AdminSetUserSettingsCommand,
  CognitoIdentityProviderClient,
  GetUserAuthFactorsCommand,
  SetUserSettingsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, createTestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('user settings and auth factors on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let user: CognitoIdentityProviderClient;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    user = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' } });
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    user.destroy();
    sdk.destroy();
    await server.close();
  });

  const mfaOf = async (username: string) => sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }));

  it('turns SMS MFA on and off with AdminSetUserSettings, and refuses EMAIL', async () => {
    const someone = await createTestUser(server, { mfa: 'none' });
    await sdk.admin.send(new AdminSetUserSettingsCommand({ UserPoolId: poolId, Username: someone.username, MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] }));
    const on = await mfaOf(someone.username);
    expect(on.MFAOptions).toEqual([{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }]);
    expect(on.UserMFASettingList).toContain('SMS_MFA');
    await sdk.admin.send(new AdminSetUserSettingsCommand({ UserPoolId: poolId, Username: someone.username, MFAOptions: [] }));
    expect((await mfaOf(someone.username)).UserMFASettingList ?? []).not.toContain('SMS_MFA');
    const email = await sdkError(sdk.admin.send(new AdminSetUserSettingsCommand({ UserPoolId: poolId, Username: someone.username, MFAOptions: [{ DeliveryMedium: 'EMAIL', AttributeName: 'email' }] })));
    expect(email.name).toBe('InvalidParameterException');
  });

  it('lets a signed-in user turn SMS MFA on with SetUserSettings', async () => {
    const someone = await createTestUser(server, { mfa: 'none' });
    const tokens = await issueTokensFor(server, someone.username);
    await user.send(new SetUserSettingsCommand({ AccessToken: tokens.AccessToken, MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] }));
    expect((await mfaOf(someone.username)).UserMFASettingList).toContain('SMS_MFA');
    expect((await sdkError(user.send(new SetUserSettingsCommand({ AccessToken: 'not.a.token', MFAOptions: [] })))).name).toBe('NotAuthorizedException');
  });

  it('reports the configured sign-in factors and MFA settings, to the user and to the admin', async () => {
    const someone = await createTestUser(server, { mfa: 'totp' });
    const tokens = await issueTokensFor(server, someone.username);
    const own = await user.send(new GetUserAuthFactorsCommand({ AccessToken: tokens.AccessToken }));
    expect(own).toMatchObject({ Username: someone.username, PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect([...(own.ConfiguredUserAuthFactors ?? [])].sort()).toEqual(['EMAIL_OTP', 'PASSWORD', 'SMS_OTP']);
    const admin = await sdk.admin.send(new AdminGetUserAuthFactorsCommand({ UserPoolId: poolId, Username: someone.username }));
    expect(admin.ConfiguredUserAuthFactors).toEqual(own.ConfiguredUserAuthFactors);
    expect(admin.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('leaves out the email factor while the email is unverified', async () => {
    const someone = await createTestUser(server, { mfa: 'none', attributes: { email: 'unverified@example.com', email_verified: 'false' } });
    const factors = await sdk.admin.send(new AdminGetUserAuthFactorsCommand({ UserPoolId: poolId, Username: someone.username }));
    expect(factors.ConfiguredUserAuthFactors).toEqual(['PASSWORD']);
    expect((await sdkError(sdk.admin.send(new AdminGetUserAuthFactorsCommand({ UserPoolId: poolId, Username: 'nobody-here' })))).name).toBe('UserNotFoundException');
  });

  // Threat: anyone on the network changing a user's MFA or reading their factors without the admin credential.
  it('is refused without valid admin credentials, as the other Admin* calls are', async () => {
    const someone = await createTestUser(server, { mfa: 'none' });
    await expectAdminOnly(server, sdk, 'AdminSetUserSettings', { UserPoolId: poolId, Username: someone.username, MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] });
    await expectAdminOnly(server, sdk, 'AdminGetUserAuthFactors', { UserPoolId: poolId, Username: someone.username });
    expect((await mfaOf(someone.username)).UserMFASettingList ?? []).not.toContain('SMS_MFA');
  });
});
