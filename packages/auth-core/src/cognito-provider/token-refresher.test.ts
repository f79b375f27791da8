import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCognito } from '../../testing/fake-cognito.js';
import { TEST_CONFIG, createTestClock, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { configure, resetAuthRuntime } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { decodeJwtToken } from '../tokens/jwt.js';
import { loadTokens } from '../tokens/token-store.js';
import { refreshAuthTokens, refreshAuthTokensWithoutDedupe } from './token-refresher.js';
import type { CognitoAuthTokens } from './token-types.js';

afterEach(() => resetAuthRuntime());

function setup() {
  const fake = createFakeCognito();
  const clock = createTestClock();
  const runtime = configure(TEST_CONFIG, { fetch: fake.fetch, clock, storage: createMemoryStorage(), cookies: createNoCookies() });
  const old = makeAuthenticationResult({ iat: epochSeconds(clock) - 7200 });
  const tokens: CognitoAuthTokens = {
    accessToken: decodeJwtToken(old.AccessToken ?? ''),
    refreshToken: 'refresh-1',
    clockDrift: 0,
    username: 'alice',
    deviceMetadata: { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'rp' },
  };
  return { fake, clock, runtime, tokens };
}

describe('refreshAuthTokens', () => {
  it('exchanges the refresh token with the device key and returns, without storing, the new tokens', async () => {
    const { fake, clock, runtime, tokens } = setup();
    clock.advance(3000);
    fake.on('GetTokensFromRefreshToken', () => ({ AuthenticationResult: makeAuthenticationResult({ iat: epochSeconds(clock) + 2 }, { RefreshToken: undefined }) }));
    const fresh = await refreshAuthTokensWithoutDedupe({ tokens, username: 'alice', clientMetadata: { a: 'b' } });
    expect(fake.callsTo('GetTokensFromRefreshToken')[0]?.body).toEqual({ ClientId: 'client123', RefreshToken: 'refresh-1', DeviceKey: 'dk', ClientMetadata: { a: 'b' } });
    expect(fresh).toMatchObject({ username: 'alice', refreshToken: 'refresh-1' });
    expect(fresh.idToken?.payload.token_use).toBe('id');
    expect(fresh.clockDrift).toBe(2000);
    expect(await loadTokens(runtime)).toBeNull();
  });

  it('shares one exchange between concurrent calls', async () => {
    const { fake, clock, tokens } = setup();
    fake.on('GetTokensFromRefreshToken', () => ({ AuthenticationResult: makeAuthenticationResult({ iat: epochSeconds(clock) }) }));
    const [a, b] = await Promise.all([refreshAuthTokens({ tokens, username: 'alice' }), refreshAuthTokens({ tokens, username: 'alice' })]);
    expect(a).toBe(b);
    expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
  });

  it('throws NoSessionFoundException without a refresh token, and the provider error as it came', async () => {
    const { fake, tokens } = setup();
    await expect(refreshAuthTokens({ tokens: { ...tokens, refreshToken: undefined }, username: 'alice' })).rejects.toMatchObject({ name: 'NoSessionFoundException' });
    fake.on('GetTokensFromRefreshToken', () => ({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' } }));
    await expect(refreshAuthTokens({ tokens, username: 'alice' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
