// A TokenOrchestrator given its own store and refresher (Amplify's pluggable path) loads, refreshes and
// stores through them.
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CONFIG, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { CognitoServiceError } from '../errors/auth-errors.js';
import { resetAuthRuntime } from '../runtime/auth-runtime.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { decodeJwtToken } from '../tokens/jwt.js';
import { TokenOrchestrator } from './token-orchestrator.js';
import { DefaultTokenStore } from './token-store.js';
import type { TokenRefresher } from './token-types.js';

afterEach(() => resetAuthRuntime());

function storeWithExpiredSession(): DefaultTokenStore {
  const store = new DefaultTokenStore();
  store.setKeyValueStorage(createMemoryStorage());
  store.setAuthConfig({ Cognito: { userPoolId: TEST_CONFIG.userPoolId, userPoolClientId: TEST_CONFIG.userPoolClientId } });
  return store;
}

describe('TokenOrchestrator with a custom store and refresher', () => {
  it('is null without a session', async () => {
    const orchestrator = new TokenOrchestrator();
    orchestrator.setAuthTokenStore(storeWithExpiredSession());
    orchestrator.setTokenRefresher(async () => Promise.reject(new Error('not called')));
    expect(await orchestrator.getTokens()).toBeNull();
  });

  it('refreshes an expired session through the refresher and stores the result, keeping the sign-in details', async () => {
    const store = storeWithExpiredSession();
    const old = makeAuthenticationResult({ iat: 1_000_000_000 });
    await store.storeTokens({ accessToken: decodeJwtToken(old.AccessToken ?? ''), refreshToken: 'r', clockDrift: 0, username: 'alice', signInDetails: { loginId: 'alice' } });
    const fresh = makeAuthenticationResult({ iat: Math.floor(Date.now() / 1000) });
    const calls: Parameters<TokenRefresher>[0][] = [];
    const orchestrator = new TokenOrchestrator();
    orchestrator.setAuthTokenStore(store);
    orchestrator.setTokenRefresher(async (input) => {
      calls.push(input);
      return { accessToken: decodeJwtToken(fresh.AccessToken ?? ''), refreshToken: 'r2', clockDrift: 0, username: input.username };
    });
    const tokens = await orchestrator.getTokens();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.username).toBe('alice');
    expect(tokens?.accessToken.toString()).toBe(fresh.AccessToken);
    expect(tokens?.signInDetails).toEqual({ loginId: 'alice' });
    expect((await store.loadTokens())?.refreshToken).toBe('r2');
  });

  it('forgets the session when the pool ended it', async () => {
    const store = storeWithExpiredSession();
    const old = makeAuthenticationResult({ iat: 1_000_000_000 });
    await store.storeTokens({ accessToken: decodeJwtToken(old.AccessToken ?? ''), refreshToken: 'r', clockDrift: 0, username: 'alice' });
    const orchestrator = new TokenOrchestrator();
    orchestrator.setAuthTokenStore(store);
    orchestrator.setTokenRefresher(async () => {
      throw new CognitoServiceError({ name: 'NotAuthorizedException', httpStatusCode: 400, service: 'user-pool', operation: 'GetTokensFromRefreshToken' });
    });
    expect(await orchestrator.getTokens()).toBeNull();
    expect(await store.loadTokens()).toBeNull();
  });
});
