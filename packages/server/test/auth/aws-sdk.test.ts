// Interop: @aws-sdk/client-cognito-identity-provider runs USER_PASSWORD_AUTH, MFA setup through
// the challenge session, SetUserMFAPreference, REFRESH_TOKEN_AUTH with the device key, and gets
// Cognito-shaped errors it turns into its own typed exceptions.
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  CodeMismatchException,
  GetDeviceCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { advance, AUTH_TEST_ENV, createTestUser, totpAt, type TestUser } from './auth-fixtures.js';

describe('@aws-sdk/client-cognito-identity-provider against the server', () => {
  let server: TestServer;
  let client: CognitoIdentityProviderClient;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres', env: AUTH_TEST_ENV });
    clientId = server.pool.clientId;
    client = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' } });
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
  });

  async function signInWithTotp(user: TestUser): Promise<AuthenticationResultType> {
    const start = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
    expect(start.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: start.Session,
        ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') },
      }),
    );
    if (done.AuthenticationResult === undefined) throw new Error('no tokens');
    return done.AuthenticationResult;
  }

  it('signs in with USER_PASSWORD_AUTH and TOTP MFA, receiving Cognito-shaped tokens and a new device', async () => {
    const user = await createTestUser(server);
    const result = await signInWithTotp(user);
    expect(result).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(result.RefreshToken).toBeTruthy();
    expect(result.NewDeviceMetadata?.DeviceKey).toMatch(/^us-east-1_/);
    const access = decodeJwt(result.AccessToken ?? '');
    expect(access).toMatchObject({ sub: user.sub, token_use: 'access', client_id: clientId, username: user.username, device_key: result.NewDeviceMetadata?.DeviceKey });
  });

  it('sets up TOTP during sign-in: MFA_SETUP → AssociateSoftwareToken → VerifySoftwareToken → tokens', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    const start = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
    expect(start.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(start.ChallengeParameters?.MFAS_CAN_SETUP ?? '[]')).toEqual(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);
    const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: start.Session }));
    const secret = associated.SecretCode ?? '';
    expect(associated.Session).not.toBe(start.Session);

    // A wrong first code is refused with the SDK's own exception class.
    await expect(client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: '000000' }))).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
      $metadata: { httpStatusCode: 400 },
    });
    const verified = await client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: totpAt(server, secret), FriendlyDeviceName: 'phone' }));
    expect(verified.Status).toBe('SUCCESS');
    const done = await client.send(new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'MFA_SETUP', Session: verified.Session, ChallengeResponses: { USERNAME: user.username } }));
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    // The session that completed the sign-in cannot complete it again.
    await expect(
      client.send(new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'MFA_SETUP', Session: verified.Session, ChallengeResponses: { USERNAME: user.username } })),
    ).rejects.toBeInstanceOf(NotAuthorizedException);
  });

  it('switches the preferred MFA with SetUserMFAPreference, and refuses enabling a method the user cannot use', async () => {
    const user = await createTestUser(server, { mfa: 'sms+totp' });
    const first = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
    expect(first.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(first.ChallengeParameters?.MFAS_CAN_CHOOSE ?? '[]')).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    const chosen = await client.send(new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'SELECT_MFA_TYPE', Session: first.Session, ChallengeResponses: { USERNAME: user.username, ANSWER: 'SOFTWARE_TOKEN_MFA' } }));
    expect(chosen.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    const done = await client.send(
      new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: chosen.Session, ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') } }),
    );
    const accessToken = done.AuthenticationResult?.AccessToken ?? '';
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const next = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
    expect(next.ChallengeName).toBe('SMS_MFA');
    expect(next.ChallengeParameters).toMatchObject({ CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: `+${'*'.repeat(user.phone.length - 5)}${user.phone.slice(-4)}` });

    const noPhone = await createTestUser(server, { mfa: 'totp', attributes: { email: 'x@example.com' } });
    const tokens = await signInWithTotp(noPhone);
    await expect(client.send(new SetUserMFAPreferenceCommand({ AccessToken: tokens.AccessToken, SMSMfaSettings: { Enabled: true } }))).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('refreshes with REFRESH_TOKEN_AUTH and DEVICE_KEY, keeping the sign-in (origin_jti) and the device', async () => {
    const user = await createTestUser(server);
    const result = await signInWithTotp(user);
    const deviceKey = result.NewDeviceMetadata?.DeviceKey ?? '';
    advance(server, 60);
    const refreshed = await client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: result.RefreshToken ?? '', DEVICE_KEY: deviceKey } }));
    const before = decodeJwt(result.AccessToken ?? '');
    const after = decodeJwt(refreshed.AuthenticationResult?.AccessToken ?? '');
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(after.jti).not.toBe(before.jti);
    expect(after.iat).toBeGreaterThan(before.iat ?? 0);
    expect(after.device_key).toBe(deviceKey);
    // Another device's key does not go with this refresh token.
    await expect(
      client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: result.RefreshToken ?? '', DEVICE_KEY: 'us-east-1_00000000-0000-0000-0000-000000000000' } })),
    ).rejects.toBeInstanceOf(NotAuthorizedException);
  });

  // Threat: a stolen refresh token keeps working after the user signed out.
  it('refuses a revoked refresh token and the access tokens of its sign-in', async () => {
    const user = await createTestUser(server);
    const result = await signInWithTotp(user);
    await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: result.RefreshToken }));
    const refresh = client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: result.RefreshToken ?? '' } }));
    await expect(refresh).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(refresh).rejects.toMatchObject({ message: 'Refresh Token has been revoked' });
    await expect(client.send(new GetDeviceCommand({ AccessToken: result.AccessToken, DeviceKey: result.NewDeviceMetadata?.DeviceKey }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('maps errors to the SDK exception classes with Cognito messages', async () => {
    const user = await createTestUser(server);
    const wrong = client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, PASSWORD: 'Not-the-passw0rd' } }));
    await expect(wrong).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(wrong).rejects.toMatchObject({ message: 'Incorrect username or password.', $metadata: { httpStatusCode: 400 } });

    const start = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
    const mismatch = client.send(new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: start.Session, ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: '000000' } }));
    await expect(mismatch).rejects.toBeInstanceOf(CodeMismatchException);

    await expect(client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username } }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD',
    });
    await expect(client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'nosuchclient', AuthParameters: { USERNAME: 'a', PASSWORD: 'b' } }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});
