// DefaultTokenStore reads and writes under Cognito's key scheme, so a store an app creates sees the
// runtime's session and the other way round.
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CONFIG, createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { createAuthRuntime, resetAuthRuntime } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { decodeJwtToken } from '../tokens/jwt.js';
import { loadTokens } from '../tokens/token-store.js';
import { AUTH_KEY_PREFIX } from '../tokens/storage-keys.js';
import { DefaultTokenStore, createKeysForAuthStorage } from './token-store.js';

afterEach(() => resetAuthRuntime());

const AUTH_CONFIG = { Cognito: { userPoolId: TEST_CONFIG.userPoolId, userPoolClientId: TEST_CONFIG.userPoolClientId } };

describe('createKeysForAuthStorage', () => {
  it("gives aws-amplify's keys", () => {
    const keys = createKeysForAuthStorage(AUTH_KEY_PREFIX, 'client123.alice');
    expect(keys.accessToken).toBe('CognitoIdentityServiceProvider.client123.alice.accessToken');
    expect(Object.keys(keys)).toEqual(['accessToken', 'idToken', 'oidcProvider', 'clockDrift', 'refreshToken', 'deviceKey', 'randomPasswordKey', 'deviceGroupKey', 'signInDetails', 'oauthMetadata']);
  });
});

describe('DefaultTokenStore', () => {
  it('loads a session a runtime stored, with its device, and stores one the runtime loads', async () => {
    const h = createTestHarness();
    await storeAuthenticationResult(h.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(h.clock) }), { signInDetails: { loginId: 'alice' } });
    const store = new DefaultTokenStore();
    store.setKeyValueStorage(h.storage);
    store.setAuthConfig(AUTH_CONFIG);
    await store.storeTokens({ ...(await store.loadTokens())!, deviceMetadata: { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'rp' } });

    const loaded = await store.loadTokens();
    expect(loaded).toMatchObject({ username: 'alice', refreshToken: 'refresh-token-1', signInDetails: { loginId: 'alice' }, deviceMetadata: { deviceKey: 'dk' } });
    expect(await store.getLastAuthUser()).toBe('alice');
    expect((await loadTokens(h.runtime))?.accessToken.toString()).toBe(loaded?.accessToken.toString());

    await store.clearTokens();
    expect(await loadTokens(h.runtime)).toBeNull();
    expect(await store.getDeviceMetadata('alice')).toEqual({ deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'rp' });
    expect(await store.getLastAuthUser()).toBe('username');
  });

  it('keeps its own storage apart from the default runtime', async () => {
    const own = createMemoryStorage();
    const store = new DefaultTokenStore();
    store.setKeyValueStorage(own);
    store.setAuthConfig(AUTH_CONFIG);
    const access = makeAuthenticationResult({ iat: 1_700_000_000 }).AccessToken ?? '';
    await store.storeTokens({ accessToken: decodeJwtToken(access), clockDrift: 0, username: 'alice' });
    expect(await own.getItem('CognitoIdentityServiceProvider.client123.alice.accessToken')).toBe(access);
    const other = createAuthRuntime(TEST_CONFIG, { storage: createMemoryStorage(), cookies: createNoCookies() });
    expect(await loadTokens(other)).toBeNull();
  });

  it('refuses an invalid configuration with AuthConfigError', () => {
    expect(() => new DefaultTokenStore().setAuthConfig({ Cognito: { userPoolId: 'x', userPoolClientId: 'c' } })).toThrow('Invalid user pool id provided.');
  });
});
