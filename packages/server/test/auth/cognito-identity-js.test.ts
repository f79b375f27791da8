// Interop: amazon-cognito-identity-js, the official SRP client, signs in against the server
// unchanged — SRP, MFA setup with an authenticator app, TOTP MFA, device confirmation,
// remembering the device, and device SRP skipping MFA on the next sign-in; and, on one CognitoUser,
// the sign-ins, refresh and device flows that follow, which name the user by the sub the first
// sign-in handed out as USER_ID_FOR_SRP. On both databases.
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { advance, AUTH_TEST_ENV, createTestUser, totpAt, type TestUser } from './auth-fixtures.js';

class MemoryStorage implements ICognitoStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** What a sign-in with the SDK ended in. */
type SdkOutcome =
  | { kind: 'success'; session: CognitoUserSession; userConfirmationNecessary?: boolean }
  | { kind: 'totpRequired' | 'mfaSetup' | 'mfaRequired' | 'selectMFAType' | 'newPasswordRequired' }
  | { kind: 'failure'; error: Error & { code?: string } };

function callbacks(resolve: (outcome: SdkOutcome) => void) {
  return {
    onSuccess: (session: CognitoUserSession, userConfirmationNecessary?: boolean) =>
      resolve({ kind: 'success', session, ...(userConfirmationNecessary !== undefined ? { userConfirmationNecessary } : {}) }),
    onFailure: (error: Error & { code?: string }) => resolve({ kind: 'failure', error }),
    totpRequired: () => resolve({ kind: 'totpRequired' }),
    mfaSetup: () => resolve({ kind: 'mfaSetup' }),
    mfaRequired: () => resolve({ kind: 'mfaRequired' }),
    selectMFAType: () => resolve({ kind: 'selectMFAType' }),
    newPasswordRequired: () => resolve({ kind: 'newPasswordRequired' }),
  };
}

function signIn(cognitoUser: CognitoUser, user: TestUser, password = user.password): Promise<SdkOutcome> {
  return new Promise((resolve) => cognitoUser.authenticateUser(new AuthenticationDetails({ Username: user.username, Password: password }), callbacks(resolve)));
}

function sendTotp(cognitoUser: CognitoUser, code: string): Promise<SdkOutcome> {
  return new Promise((resolve) => cognitoUser.sendMFACode(code, callbacks(resolve), 'SOFTWARE_TOKEN_MFA'));
}

describe.each(BOTH_DATABASES)('amazon-cognito-identity-js against the server (%s)', (database) => {
  let server: TestServer;
  let pool: CognitoUserPool;
  let storage: MemoryStorage;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    storage = new MemoryStorage();
    pool = new CognitoUserPool({ UserPoolId: server.pool.userPoolId, ClientId: server.pool.clientId, endpoint: `${server.url}/`, Storage: storage });
  });
  afterAll(async () => server.close());

  const sdkUser = (user: TestUser): CognitoUser => new CognitoUser({ Username: user.username, Pool: pool, Storage: storage });

  it('sets up an authenticator app through MFA_SETUP and signs in with SRP', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    const cognitoUser = sdkUser(user);
    expect(await signIn(cognitoUser, user)).toEqual({ kind: 'mfaSetup' });

    const secret = await new Promise<string>((resolve, reject) =>
      cognitoUser.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const done = await new Promise<SdkOutcome>((resolve) => cognitoUser.verifySoftwareToken(totpAt(server, secret), 'test phone', callbacks(resolve)));
    expect(done.kind).toBe('success');
    if (done.kind !== 'success') return;
    const claims = decodeJwt(done.session.getIdToken().getJwtToken());
    expect(claims).toMatchObject({ sub: user.sub, 'cognito:username': user.username, email: user.email, token_use: 'id' });

    // The next sign-in asks the code of the app that was just set up.
    advance(server, 30);
    const again = sdkUser(user);
    expect(await signIn(again, user)).toEqual({ kind: 'totpRequired' });
    const signedIn = await sendTotp(again, totpAt(server, secret));
    expect(signedIn.kind).toBe('success');
  });

  it('refuses a wrong password with NotAuthorizedException', async () => {
    const user = await createTestUser(server);
    const outcome = await signIn(sdkUser(user), user, 'Wrong-Passw0rd!');
    expect(outcome.kind).toBe('failure');
    if (outcome.kind === 'failure') {
      expect(outcome.error.code ?? outcome.error.name).toBe('NotAuthorizedException');
      expect(outcome.error.message).toBe('Incorrect username or password.');
    }
  });

  it('confirms the device after TOTP MFA, remembers it, and signs in next time with device SRP instead of MFA', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const cognitoUser = sdkUser(user);
    expect(await signIn(cognitoUser, user)).toEqual({ kind: 'totpRequired' });
    advance(server, 30);
    const first = await sendTotp(cognitoUser, totpAt(server, user.totpSecret ?? ''));
    expect(first.kind).toBe('success');
    if (first.kind !== 'success') return;
    // The pool waits for the user's choice before remembering a device.
    expect(first.userConfirmationNecessary).toBe(true);
    const deviceKey = decodeJwt(first.session.getAccessToken().getJwtToken()).device_key as string;
    expect(deviceKey).toMatch(/^us-east-1_[0-9a-f-]{36}$/);
    await new Promise<void>((resolve, reject) => cognitoUser.setDeviceStatusRemembered({ onSuccess: () => resolve(), onFailure: reject }));
    const listed = await server.call('ListDevices', { AccessToken: first.session.getAccessToken().getJwtToken() });
    expect(listed.body.Devices).toEqual([
      expect.objectContaining({ DeviceKey: deviceKey, DeviceAttributes: expect.arrayContaining([{ Name: 'dev:device_remembered_status', Value: 'remembered' }]) as unknown }),
    ]);

    // A new sign-in from the same storage: the SDK sends the device key and answers DEVICE_SRP_AUTH.
    const later = sdkUser(user);
    const second = await signIn(later, user);
    expect(second.kind).toBe('success');
    if (second.kind !== 'success') return;
    expect(decodeJwt(second.session.getAccessToken().getJwtToken()).device_key).toBe(deviceKey);
  });

  it('signs in again on the same CognitoUser, which now sends the sub as USERNAME, and refreshes its session', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const cognitoUser = sdkUser(user);
    expect(await signIn(cognitoUser, user)).toEqual({ kind: 'totpRequired' });
    advance(server, 30);
    expect((await sendTotp(cognitoUser, totpAt(server, user.totpSecret ?? ''))).kind).toBe('success');
    // The SDK carries USER_ID_FOR_SRP forward as its username.
    expect(cognitoUser.getUsername()).toBe(user.sub);

    const again = await signIn(cognitoUser, user);
    expect(again).toEqual({ kind: 'totpRequired' });
    advance(server, 30);
    const second = await sendTotp(cognitoUser, totpAt(server, user.totpSecret ?? ''));
    if (second.kind !== 'success') throw new Error(`second sign-in: ${JSON.stringify(second)}`);
    expect(decodeJwt(second.session.getIdToken().getJwtToken())).toMatchObject({ sub: user.sub, 'cognito:username': user.username });

    advance(server, 60);
    const refreshed = await new Promise<CognitoUserSession>((resolve, reject) =>
      cognitoUser.refreshSession(second.session.getRefreshToken(), (error: Error | null, session: CognitoUserSession) => (error ? reject(error) : resolve(session))),
    );
    const claims = decodeJwt(refreshed.getAccessToken().getJwtToken());
    expect(claims).toMatchObject({ sub: user.sub, username: user.username });
    expect(refreshed.getAccessToken().getJwtToken()).not.toBe(second.session.getAccessToken().getJwtToken());
  });

  it('remembers the device and signs in again on the same CognitoUser with device SRP, naming the user by the sub', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const cognitoUser = sdkUser(user);
    await signIn(cognitoUser, user);
    advance(server, 30);
    const first = await sendTotp(cognitoUser, totpAt(server, user.totpSecret ?? ''));
    if (first.kind !== 'success') throw new Error('sign-in failed');
    await new Promise<void>((resolve, reject) => cognitoUser.setDeviceStatusRemembered({ onSuccess: () => resolve(), onFailure: reject }));
    const deviceKey = decodeJwt(first.session.getAccessToken().getJwtToken()).device_key as string;

    const second = await signIn(cognitoUser, user);
    if (second.kind !== 'success') throw new Error(`device sign-in: ${JSON.stringify(second)}`);
    expect(decodeJwt(second.session.getAccessToken().getJwtToken())).toMatchObject({ sub: user.sub, device_key: deviceKey });
  });

  it('asks MFA again once the device is forgotten, and the SDK drops the stale device key', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const cognitoUser = sdkUser(user);
    await signIn(cognitoUser, user);
    advance(server, 30);
    const first = await sendTotp(cognitoUser, totpAt(server, user.totpSecret ?? ''));
    if (first.kind !== 'success') throw new Error('sign-in failed');
    await new Promise<void>((resolve, reject) => cognitoUser.setDeviceStatusRemembered({ onSuccess: () => resolve(), onFailure: reject }));
    const deviceKey = decodeJwt(first.session.getAccessToken().getJwtToken()).device_key as string;
    const forgot = await server.call('ForgetDevice', { AccessToken: first.session.getAccessToken().getJwtToken(), DeviceKey: deviceKey });
    expect(forgot.status).toBe(200);

    // The SDK still holds the device key: the server says it does not exist, the SDK retries without it.
    expect(await signIn(sdkUser(user), user)).toEqual({ kind: 'totpRequired' });
  });
});
