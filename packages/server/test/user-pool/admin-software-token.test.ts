// AdminDeleteSoftwareToken through the AWS SDK v3 client, on PGlite and PostgreSQL: the user's
// authenticator app is gone, and the next sign-in shows it.
import { AdminDeleteSoftwareTokenCommand, AdminGetUserCommand, SetUserPoolMfaConfigCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUserBySub } from '../../src/user-pool/users/user-repository.js';
import { entriesOf } from '../audit/audit-fixtures.js';
import { AUTH_TEST_ENV, createTestUser, passwordAuth, respond, session, totpAt } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('AdminDeleteSoftwareToken on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  beforeEach(async () => {
    await sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: 'ON', SoftwareTokenMfaConfiguration: { Enabled: true } }));
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('removes the authenticator: a pool that requires MFA asks the next sign-in to set MFA up again, not for a TOTP code', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const before = await passwordAuth(server, user.username, user.password);
    expect(before.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    // The old code still signs in before the deletion.
    const answered = await respond(server, 'SOFTWARE_TOKEN_MFA', session(before), { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') });
    expect(answered.body.AuthenticationResult).toBeDefined();

    await sdk.admin.send(new AdminDeleteSoftwareTokenCommand({ UserPoolId: poolId, Username: user.username }));

    const after = await passwordAuth(server, user.username, user.password);
    expect(after.body.ChallengeName).toBe('MFA_SETUP');
    const stored = await findUserBySub(server.db, user.sub);
    expect([stored?.totpSecret, stored?.totpPendingSecret, stored?.softwareTokenMfaEnabled, stored?.preferredMfa]).toEqual([null, null, false, null]);
    const described = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: user.username }));
    expect(described.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');
    expect(described.PreferredMfaSetting).toBeUndefined();
  });

  it('in a pool where MFA is optional, the next sign-in needs no second factor', async () => {
    await sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));
    const user = await createTestUser(server, { mfa: 'totp' });
    expect((await passwordAuth(server, user.username, user.password)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    await sdk.admin.send(new AdminDeleteSoftwareTokenCommand({ UserPoolId: poolId, Username: user.username }));
    const after = await passwordAuth(server, user.username, user.password);
    expect(after.body.ChallengeName).toBeUndefined();
    expect(after.body.AuthenticationResult).toBeDefined();
  });

  it('leaves the user’s other MFA method in place, and the next sign-in uses it', async () => {
    await sdk.admin.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: 'ON', SmsMfaConfiguration: {}, SoftwareTokenMfaConfiguration: { Enabled: true } }));
    const user = await createTestUser(server, { mfa: 'sms+totp' });
    expect((await passwordAuth(server, user.username, user.password)).body.ChallengeName).toBe('SELECT_MFA_TYPE');
    await sdk.admin.send(new AdminDeleteSoftwareTokenCommand({ UserPoolId: poolId, Username: user.username }));
    const after = await passwordAuth(server, user.username, user.password);
    expect(after.body.ChallengeName).toBe('SMS_MFA');
    expect((await findUserBySub(server.db, user.sub))?.smsMfaEnabled).toBe(true);
  });

  it('records the removal in the audit trail, and answers unknown users and pools with Cognito’s errors', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    await sdk.admin.send(new AdminDeleteSoftwareTokenCommand({ UserPoolId: poolId, Username: user.username }));
    const events = (await entriesOf(server, 'admin.user.software_token_deleted')).filter((e) => e.subject?.sub === user.sub);
    expect(events).toMatchObject([{ actor: { kind: 'admin-credential' }, changes: { softwareTokenMfaEnabled: { before: true, after: false } }, details: { hadAuthenticator: true } }]);
    expect(JSON.stringify(events)).not.toContain(user.totpSecret ?? 'missing');
    expect((await sdkError(sdk.admin.send(new AdminDeleteSoftwareTokenCommand({ UserPoolId: poolId, Username: 'nobody-here' })))).name).toBe('UserNotFoundException');
    expect((await sdkError(sdk.admin.send(new AdminDeleteSoftwareTokenCommand({ UserPoolId: 'us-east-1_Missing1', Username: user.username })))).name).toBe('ResourceNotFoundException');
  });

  // Threat: anyone who can reach the server stripping a user's second factor.
  it('is admin-only', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    await expectAdminOnly(server, sdk, 'AdminDeleteSoftwareToken', { UserPoolId: poolId, Username: user.username });
    expect((await findUserBySub(server.db, user.sub))?.softwareTokenMfaEnabled).toBe(true);
  });
});
