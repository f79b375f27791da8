import { describe, expect, it } from 'vitest';
import { storeDeviceMetadata } from '../devices/device-store.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult, makeJwt } from '../../testing/test-runtime.js';
import { clockDriftFromAccessToken, storeAuthenticationResult } from './authentication-result.js';
import { lastAuthUserKey, userStorageKeys } from './storage-keys.js';
import { tokenCookieNames } from './token-cookies.js';
import { clearTokens, getOAuthMetadata, loadTokens, setOAuthMetadata, storeTokens } from './token-store.js';

const PREFIX = 'CognitoIdentityServiceProvider.client123';

describe('storage key scheme', () => {
  it("uses Cognito's key names for every stored item of spec section 3", () => {
    expect(userStorageKeys('client123', 'alice')).toEqual({
      accessToken: `${PREFIX}.alice.accessToken`,
      idToken: `${PREFIX}.alice.idToken`,
      refreshToken: `${PREFIX}.alice.refreshToken`,
      clockDrift: `${PREFIX}.alice.clockDrift`,
      deviceKey: `${PREFIX}.alice.deviceKey`,
      deviceGroupKey: `${PREFIX}.alice.deviceGroupKey`,
      randomPasswordKey: `${PREFIX}.alice.randomPasswordKey`,
      signInDetails: `${PREFIX}.alice.signInDetails`,
      oauthMetadata: `${PREFIX}.alice.oauthMetadata`,
    });
    expect(lastAuthUserKey('client123')).toBe(`${PREFIX}.LastAuthUser`);
  });
});

describe('token store', () => {
  it('stores an AuthenticationResult under the key scheme, with clock drift from iat', async () => {
    const { runtime, storage, clock } = createTestHarness();
    // The server's clock runs 90 s ahead of ours.
    const iat = epochSeconds(clock) + 90;
    const result = makeAuthenticationResult({ iat });
    const stored = await storeAuthenticationResult(runtime, 'alice', result, { signInDetails: { loginId: 'alice', authFlowType: 'USER_SRP_AUTH' } });

    expect(await storage.getItem(`${PREFIX}.LastAuthUser`)).toBe('alice');
    expect(await storage.getItem(`${PREFIX}.alice.accessToken`)).toBe(result.AccessToken);
    expect(await storage.getItem(`${PREFIX}.alice.idToken`)).toBe(result.IdToken);
    expect(await storage.getItem(`${PREFIX}.alice.refreshToken`)).toBe('refresh-token-1');
    expect(await storage.getItem(`${PREFIX}.alice.clockDrift`)).toBe('90000');
    expect(JSON.parse((await storage.getItem(`${PREFIX}.alice.signInDetails`)) ?? 'null')).toEqual({ loginId: 'alice', authFlowType: 'USER_SRP_AUTH' });
    expect(stored.clockDrift).toBe(90_000);
    expect(stored.accessToken.toString()).toBe(result.AccessToken);
    expect(stored.idToken?.payload.email).toBe('alice@example.com');
  });

  it('writes the id and access token cookies, living as long as the tokens', async () => {
    const { runtime, cookies, clock } = createTestHarness();
    const result = makeAuthenticationResult({ iat: epochSeconds(clock), lifetime: 3600 });
    await storeAuthenticationResult(runtime, 'alice', result);
    const names = tokenCookieNames('client123', 'alice');
    expect(cookies.jar.get(names.accessToken)).toEqual({ value: result.AccessToken, options: { maxAgeSeconds: 3600 } });
    expect(cookies.jar.get(names.idToken)).toEqual({ value: result.IdToken, options: { maxAgeSeconds: 3600 } });
  });

  it('clears the session and both cookies but keeps the remembered device', async () => {
    const { runtime, storage, cookies, clock } = createTestHarness();
    await storeAuthenticationResult(runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(clock) }));
    await storeDeviceMetadata(runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    await setOAuthMetadata(runtime, { oauthSignIn: true });
    expect(await getOAuthMetadata(runtime)).toEqual({ oauthSignIn: true });

    await clearTokens(runtime);

    expect(await loadTokens(runtime)).toBeNull();
    for (const item of ['accessToken', 'idToken', 'refreshToken', 'clockDrift', 'signInDetails', 'oauthMetadata']) {
      expect(await storage.getItem(`${PREFIX}.alice.${item}`)).toBeNull();
    }
    expect(await storage.getItem(`${PREFIX}.LastAuthUser`)).toBeNull();
    expect(await storage.getItem(`${PREFIX}.alice.deviceKey`)).toBe('dk');
    expect(await storage.getItem(`${PREFIX}.alice.randomPasswordKey`)).toBe('pw');
    expect(cookies.jar.size).toBe(0);
    expect(cookies.log.filter((entry) => entry.startsWith('remove'))).toEqual([
      `remove ${PREFIX}.alice.accessToken`,
      `remove ${PREFIX}.alice.idToken`,
    ]);
  });

  it("removes a previous user's session when another user signs in on the same client", async () => {
    const { runtime, storage, clock } = createTestHarness();
    await storeAuthenticationResult(runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(clock) }));
    await storeAuthenticationResult(runtime, 'bob', makeAuthenticationResult({ iat: epochSeconds(clock), username: 'bob' }));
    expect(await storage.getItem(`${PREFIX}.alice.refreshToken`)).toBeNull();
    expect((await loadTokens(runtime))?.username).toBe('bob');
  });

  it('loads nothing when there is no session or the stored access token is not a JWT', async () => {
    const { runtime, storage } = createTestHarness();
    expect(await loadTokens(runtime)).toBeNull();
    await storage.setItem(`${PREFIX}.LastAuthUser`, 'alice');
    await storage.setItem(`${PREFIX}.alice.accessToken`, 'garbage');
    expect(await loadTokens(runtime)).toBeNull();
  });

  it('reads a session without id token, refresh token or drift', async () => {
    const { runtime, clock } = createTestHarness();
    const access = makeJwt({ sub: 's', exp: epochSeconds(clock) + 60 });
    await storeTokens(runtime, { username: 'alice', accessToken: access, clockDrift: 0 });
    const tokens = await loadTokens(runtime);
    expect(tokens).toMatchObject({ username: 'alice', idToken: undefined, refreshToken: undefined, clockDrift: 0, signInDetails: undefined });
  });

  it('refuses an AuthenticationResult without an access token with UnexpectedSignInInterruptionException', async () => {
    const { runtime } = createTestHarness();
    await expect(storeAuthenticationResult(runtime, 'alice', { IdToken: 'x' })).rejects.toMatchObject({
      name: 'UnexpectedSignInInterruptionException',
    });
  });

  it('measures clock drift as iat*1000 - now, and 0 without iat', () => {
    expect(clockDriftFromAccessToken(makeJwt({ iat: 1_000 }), 1_000_500)).toBe(-500);
    expect(clockDriftFromAccessToken(makeJwt({ exp: 5 }), 123)).toBe(0);
  });
});
