import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { getDeviceMetadata, storeDeviceMetadata } from '../devices/device-store.js';
import { AuthError } from '../errors/auth-error.js';
import { NetworkError } from '../errors/auth-errors.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { storeAuthenticationResult } from './authentication-result.js';
import { assertNoSignedInUser, fetchAuthSessionWith, requireSignedIn } from './auth-session.js';
import { tokenCookieNames } from './token-cookies.js';
import { loadTokens, setOAuthMetadata } from './token-store.js';

const HOUR_MS = 3600 * 1000;

async function signIn(harness: TestHarness) {
  return storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) }), {
    signInDetails: { loginId: 'alice', authFlowType: 'USER_SRP_AUTH' },
  });
}

function answerRefresh(harness: TestHarness, options: { refreshToken?: string } = {}) {
  harness.fake.on('GetTokensFromRefreshToken', () => {
    const result = makeAuthenticationResult({ iat: epochSeconds(harness.clock) });
    const { RefreshToken: _dropped, ...withoutRefresh } = result;
    return { AuthenticationResult: options.refreshToken ? { ...result, RefreshToken: options.refreshToken } : withoutRefresh };
  });
}

describe('fetchAuthSession', () => {
  it('returns an empty session when signed out', async () => {
    const harness = createTestHarness();
    expect(await fetchAuthSessionWith(harness.runtime)).toEqual({});
    expect(harness.fake.calls).toEqual([]);
  });

  it('returns valid stored tokens without calling Cognito', async () => {
    const harness = createTestHarness();
    const stored = await signIn(harness);
    const session = await fetchAuthSessionWith(harness.runtime);
    expect(session.tokens?.accessToken.toString()).toBe(stored.accessToken.toString());
    expect(session.tokens?.idToken?.payload['cognito:username']).toBe('alice');
    expect(session.tokens?.signInDetails).toEqual({ loginId: 'alice', authFlowType: 'USER_SRP_AUTH' });
    expect(session.userSub).toBe('11111111-2222-3333-4444-555555555555');
    expect(session.credentials).toBeUndefined();
    expect(harness.fake.calls).toEqual([]);
  });

  it('refreshes expired tokens with GetTokensFromRefreshToken, keeps the refresh token and emits tokenRefresh', async () => {
    const harness = createTestHarness();
    const before = await signIn(harness);
    harness.clock.advance(HOUR_MS);
    answerRefresh(harness);

    const session = await fetchAuthSessionWith(harness.runtime);

    expect(harness.fake.problems).toEqual([]);
    expect(harness.fake.callsTo('GetTokensFromRefreshToken').map((call) => call.body)).toEqual([{ ClientId: 'client123', RefreshToken: 'refresh-token-1' }]);
    expect(harness.fake.callsTo('InitiateAuth')).toHaveLength(0);
    expect(session.tokens?.accessToken.toString()).not.toBe(before.accessToken.toString());
    const stored = await loadTokens(harness.runtime);
    expect(stored?.refreshToken).toBe('refresh-token-1');
    expect(stored?.signInDetails).toEqual({ loginId: 'alice', authFlowType: 'USER_SRP_AUTH' });
    expect(harness.cookies.get(tokenCookieNames('client123', 'alice').accessToken)).toBe(session.tokens?.accessToken.toString());
    expect(harness.events).toEqual([{ event: 'tokenRefresh' }]);
  });

  it('stores a rotated refresh token and refreshes with it next time', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    harness.clock.advance(HOUR_MS);
    answerRefresh(harness, { refreshToken: 'refresh-token-2' });
    await fetchAuthSessionWith(harness.runtime);
    expect((await loadTokens(harness.runtime))?.refreshToken).toBe('refresh-token-2');
    await fetchAuthSessionWith(harness.runtime, { forceRefresh: true });
    expect(harness.fake.callsTo('GetTokensFromRefreshToken').map((call) => call.body.RefreshToken)).toEqual(['refresh-token-1', 'refresh-token-2']);
  });

  it('refreshes when the id token expired by the server clock, measured as drift at receipt', async () => {
    const harness = createTestHarness();
    // Tokens issued by a server 30 minutes ahead of us: valid locally for 90 minutes, by the server for 60.
    await storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) + 1800 }));
    harness.clock.advance(HOUR_MS - 60_000);
    answerRefresh(harness);
    await fetchAuthSessionWith(harness.runtime);
    expect(harness.fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(0);
    harness.clock.advance(2 * 60_000);
    await fetchAuthSessionWith(harness.runtime);
    expect(harness.fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
  });

  it('refreshes valid tokens when forced', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    answerRefresh(harness);
    await fetchAuthSessionWith(harness.runtime, { forceRefresh: true });
    expect(harness.fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
  });

  it('shares one refresh between concurrent callers', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    harness.clock.advance(HOUR_MS);
    answerRefresh(harness);
    const sessions = await Promise.all(Array.from({ length: 5 }, () => fetchAuthSessionWith(harness.runtime)));
    expect(harness.fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
    const tokens = new Set(sessions.map((session) => session.tokens?.accessToken.toString()));
    expect(tokens.size).toBe(1);
    expect(harness.events.filter((e) => e.event === 'tokenRefresh')).toHaveLength(1);
  });

  it('sends DEVICE_KEY when a device is remembered', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    await storeDeviceMetadata(harness.runtime, 'alice', { deviceKey: 'us-east-1_dev', deviceGroupKey: 'grp', randomPassword: 'pw' });
    harness.clock.advance(HOUR_MS);
    answerRefresh(harness);
    await fetchAuthSessionWith(harness.runtime);
    expect(harness.fake.callsTo('GetTokensFromRefreshToken')[0]?.body).toEqual({ ClientId: 'client123', RefreshToken: 'refresh-token-1', DeviceKey: 'us-east-1_dev' });
  });

  it('forgets a device Cognito no longer knows and refreshes again without it', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    await storeDeviceMetadata(harness.runtime, 'alice', { deviceKey: 'gone', deviceGroupKey: 'grp', randomPassword: 'pw' });
    harness.clock.advance(HOUR_MS);
    harness.fake.on('GetTokensFromRefreshToken', (request) =>
      request.DeviceKey === 'gone'
        ? cognitoError('ResourceNotFoundException', 'Device does not exist.')
        : { AuthenticationResult: makeAuthenticationResult({ iat: epochSeconds(harness.clock) }) },
    );
    const session = await fetchAuthSessionWith(harness.runtime);
    expect(session.tokens).toBeDefined();
    expect(harness.fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(2);
    expect(await getDeviceMetadata(harness.runtime, 'alice')).toBeNull();
  });

  it('yields signed-out and clears tokens and cookies when the refresh token is not authorized', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    harness.clock.advance(HOUR_MS);
    harness.fake.on('GetTokensFromRefreshToken', () => cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));
    expect(await fetchAuthSessionWith(harness.runtime)).toEqual({});
    expect(await loadTokens(harness.runtime)).toBeNull();
    expect(harness.cookies.jar.size).toBe(0);
    // The thrown error itself, as aws-amplify's failure events carry it.
    expect(harness.events).toMatchObject([
      {
        event: 'tokenRefresh_failure',
        data: { error: { name: 'NotAuthorizedException', message: 'Refresh Token has been revoked', recoverySuggestion: expect.any(String) as string } },
      },
    ]);
    const failure = harness.events[0];
    expect(failure?.event === 'tokenRefresh_failure' ? failure.data.error : undefined).toBeInstanceOf(AuthError);
  });

  it('yields signed-out when a rotated-out refresh token is reused (RefreshTokenReuseException)', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    harness.clock.advance(HOUR_MS);
    harness.fake.on('GetTokensFromRefreshToken', () => cognitoError('RefreshTokenReuseException', 'Refresh token has been reused'));
    expect(await fetchAuthSessionWith(harness.runtime)).toEqual({});
    expect(await loadTokens(harness.runtime)).toBeNull();
    expect(harness.events.map((e) => e.event)).toEqual(['tokenRefresh_failure']);
  });

  it('keeps the tokens and throws NetworkError when the refresh cannot reach Cognito', async () => {
    const harness = createTestHarness({
      io: {
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      },
    });
    await signIn(harness);
    harness.clock.advance(HOUR_MS);
    await expect(fetchAuthSessionWith(harness.runtime)).rejects.toBeInstanceOf(NetworkError);
    expect(await loadTokens(harness.runtime)).not.toBeNull();
    expect(harness.events.map((e) => e.event)).toEqual(['tokenRefresh_failure']);
  });

  it('clears the tokens and rethrows any other refresh failure', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    harness.clock.advance(HOUR_MS);
    harness.fake.on('GetTokensFromRefreshToken', () => cognitoError('TooManyRequestsException', 'Rate exceeded'));
    await expect(fetchAuthSessionWith(harness.runtime)).rejects.toMatchObject({ name: 'TooManyRequestsException' });
    expect(await loadTokens(harness.runtime)).toBeNull();
  });

  it('signs out when expired tokens have no refresh token', async () => {
    const harness = createTestHarness();
    const { RefreshToken: _none, ...result } = makeAuthenticationResult({ iat: epochSeconds(harness.clock) });
    await storeAuthenticationResult(harness.runtime, 'alice', result);
    harness.clock.advance(HOUR_MS);
    expect(await fetchAuthSessionWith(harness.runtime)).toEqual({});
    expect(harness.fake.calls).toEqual([]);
    expect(harness.events.map((e) => e.event)).toEqual(['tokenRefresh_failure']);
  });
});

describe('implicit-grant sessions', () => {
  it('throw TokenRefreshException when they expire, since they have no refresh token', async () => {
    const harness = createTestHarness({ config: { oauth: { domain: 'auth.example.com', redirectSignOut: [], responseType: 'token' } } });
    const { RefreshToken: _none, ...result } = makeAuthenticationResult({ iat: epochSeconds(harness.clock) });
    await storeAuthenticationResult(harness.runtime, 'alice', result);
    await setOAuthMetadata(harness.runtime, { oauthSignIn: true });
    harness.clock.advance(HOUR_MS);
    await expect(fetchAuthSessionWith(harness.runtime)).rejects.toMatchObject({ name: 'TokenRefreshException' });
    expect(await loadTokens(harness.runtime)).toBeNull();
  });
});

describe('session guards', () => {
  it('requireSignedIn throws UserUnAuthenticatedException when signed out', async () => {
    const harness = createTestHarness();
    await expect(requireSignedIn(harness.runtime)).rejects.toMatchObject({
      name: 'UserUnAuthenticatedException',
      message: 'User needs to be authenticated to call this API.',
    });
  });

  it('assertNoSignedInUser throws UserAlreadyAuthenticatedException when a session is stored', async () => {
    const harness = createTestHarness();
    await expect(assertNoSignedInUser(harness.runtime)).resolves.toBeUndefined();
    await signIn(harness);
    await expect(assertNoSignedInUser(harness.runtime)).rejects.toMatchObject({ name: 'UserAlreadyAuthenticatedException' });
  });
});
