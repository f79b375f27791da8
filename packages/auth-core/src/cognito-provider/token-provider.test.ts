// cognitoUserPoolsTokenProvider on the default runtime: setKeyValueStorage really moves where the
// session is kept (before or after configure(), Web Storage or KeyValueStorage), and getTokens hands
// out the runtime's tokens, refreshed when forced.
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCognito } from '../../testing/fake-cognito.js';
import type { FakeCognito } from '../../testing/fake-cognito.js';
import { TEST_CONFIG, createTestClock, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestClock } from '../../testing/test-runtime.js';
import { fetchAuthSession } from '../api/session.js';
import { signIn } from '../api/sign-in.js';
import { signOut } from '../api/sign-out.js';
import { configure, getAuthRuntime, resetAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthOptions } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import type { WebStorageLike } from '../storage/local-storage.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { loadTokens } from '../tokens/token-store.js';
import { cognitoUserPoolsTokenProvider } from './token-provider.js';

afterEach(() => resetAuthRuntime());

/** A synchronous Web Storage (what window.sessionStorage is), with its items visible. */
function webStorage(): WebStorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

interface Setup {
  fake: FakeCognito;
  clock: TestClock;
  firstStorage: KeyValueStorage;
}

/** configure() over a fake Cognito whose USER_PASSWORD_AUTH answers tokens for alice; the first storage is memory. */
function configureDefault(options: Partial<AuthOptions> = {}, storage?: KeyValueStorage): Setup {
  const fake = createFakeCognito();
  const clock = createTestClock();
  fake.on('InitiateAuth', () => ({ AuthenticationResult: makeAuthenticationResult({ iat: epochSeconds(clock) }) }));
  fake.on('RevokeToken', () => ({}));
  const firstStorage = storage ?? createMemoryStorage();
  configure({ ...TEST_CONFIG, ...options }, { fetch: fake.fetch, clock, cookies: createNoCookies(), ...(storage ? { storage } : {}) });
  return { fake, clock, firstStorage };
}

const signInAlice = () => signIn({ username: 'alice', password: 'pw', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
const ACCESS_TOKEN_KEY = 'CognitoIdentityServiceProvider.client123.alice.accessToken';

describe('cognitoUserPoolsTokenProvider.setKeyValueStorage', () => {
  it('moves where a later sign-in stores the tokens (a Web Storage object, as sessionStorage)', async () => {
    const first = createMemoryStorage();
    configureDefault({}, first);
    const session = webStorage();
    cognitoUserPoolsTokenProvider.setKeyValueStorage(session);

    await signInAlice();
    expect(session.items.get(ACCESS_TOKEN_KEY)).toMatch(/^ey/);
    expect(session.items.get('CognitoIdentityServiceProvider.client123.LastAuthUser')).toBe('alice');
    expect(await first.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect((await fetchAuthSession()).tokens?.accessToken.toString()).toBe(session.items.get(ACCESS_TOKEN_KEY));

    await signOut();
    expect(session.items.has(ACCESS_TOKEN_KEY)).toBe(false);
  });

  it('applies to a configure() called afterwards without a storage', async () => {
    const chosen = createMemoryStorage();
    cognitoUserPoolsTokenProvider.setKeyValueStorage(chosen);
    configureDefault();
    await signInAlice();
    expect(await chosen.getItem(ACCESS_TOKEN_KEY)).toMatch(/^ey/);
  });

  it('leaves the session already stored where it was (as Amplify: nothing is migrated)', async () => {
    const first = createMemoryStorage();
    configureDefault({}, first);
    await signInAlice();
    cognitoUserPoolsTokenProvider.setKeyValueStorage(createMemoryStorage());
    expect(await cognitoUserPoolsTokenProvider.getTokens()).toBeNull();
    expect(await loadTokens({ config: getAuthRuntime().config, storage: first })).not.toBeNull();
  });

  it('is forgotten by resetAuthRuntime()', async () => {
    const chosen = createMemoryStorage();
    cognitoUserPoolsTokenProvider.setKeyValueStorage(chosen);
    resetAuthRuntime();
    const first = createMemoryStorage();
    configureDefault({}, first);
    await signInAlice();
    expect(await chosen.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(await first.getItem(ACCESS_TOKEN_KEY)).toMatch(/^ey/);
  });
});

describe('cognitoUserPoolsTokenProvider.getTokens', () => {
  it('is null before configure() and while signed out', async () => {
    expect(await cognitoUserPoolsTokenProvider.getTokens()).toBeNull();
    configureDefault();
    expect(await cognitoUserPoolsTokenProvider.getTokens()).toBeNull();
  });

  it("hands out the runtime's tokens, and refreshes them when forced", async () => {
    const { fake, clock } = configureDefault();
    await signInAlice();
    const before = await cognitoUserPoolsTokenProvider.getTokens();
    expect(before?.accessToken.payload.username).toBe('alice');
    expect(before?.signInDetails).toEqual({ loginId: 'alice', authFlowType: 'USER_PASSWORD_AUTH' });

    clock.advance(60_000);
    fake.on('GetTokensFromRefreshToken', () => ({ AuthenticationResult: makeAuthenticationResult({ iat: epochSeconds(clock) }) }));
    const after = await cognitoUserPoolsTokenProvider.getTokens({ forceRefresh: true });
    expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
    expect(after?.accessToken.payload.iat).toBe(epochSeconds(clock));
    expect(fake.problems).toEqual([]);
  });

  it('sends the client metadata of setClientMetadataProvider with a refresh', async () => {
    const { fake, clock } = configureDefault();
    await signInAlice();
    fake.on('GetTokensFromRefreshToken', () => ({ AuthenticationResult: makeAuthenticationResult({ iat: epochSeconds(clock) }) }));
    cognitoUserPoolsTokenProvider.setClientMetadataProvider(async () => ({ app: 'web' }));
    try {
      await cognitoUserPoolsTokenProvider.getTokens({ forceRefresh: true });
    } finally {
      cognitoUserPoolsTokenProvider.tokenOrchestrator.clientMetadataProvider = undefined;
    }
    expect(fake.callsTo('GetTokensFromRefreshToken')[0]?.body).toMatchObject({ ClientMetadata: { app: 'web' } });
  });
});

describe('cognitoUserPoolsTokenProvider.setAuthConfig', () => {
  it('reconfigures the default runtime with an Amplify Auth block, keeping its ports', async () => {
    const storage = createMemoryStorage();
    configureDefault({}, storage);
    cognitoUserPoolsTokenProvider.setAuthConfig({ Cognito: { userPoolId: 'us-east-1_TestPool', userPoolClientId: 'client123', signUpVerificationMethod: 'link' } });
    expect(getAuthRuntime().config.signUpVerificationMethod).toBe('link');
    expect(getAuthRuntime().storage).toBe(storage);
    expect(() => cognitoUserPoolsTokenProvider.setAuthConfig({ Cognito: { userPoolId: 'bad', userPoolClientId: 'c' } })).toThrow('Invalid user pool id provided.');
  });
});
