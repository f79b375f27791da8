import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCognito } from '../../testing/fake-cognito.js';
import type { CredentialsAndIdentityIdProvider } from '../api/provider-types.js';
import { TEST_CONFIG, createTestClock, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { configure, resetAuthRuntime } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { decodeJwtToken } from '../tokens/jwt.js';
import { CognitoAWSCredentialsAndIdentityIdProvider, cognitoCredentialsProvider } from './credentials-provider.js';
import { DefaultIdentityIdStore } from './identity-id-store.js';

afterEach(() => resetAuthRuntime());

const POOL = 'us-east-1:0f5c7a5e-0000-4000-8000-000000000000';
const GUEST_KEY = `com.amplify.Cognito.${POOL}.identityId`;

function configureWithIdentityPool(allowGuestAccess: boolean) {
  const fake = createFakeCognito();
  const clock = createTestClock();
  const storage = createMemoryStorage();
  fake.onIdentity('GetId', (request) => ({ IdentityId: request.Logins ? 'us-east-1:user' : 'us-east-1:guest' }));
  fake.onIdentity('GetCredentialsForIdentity', (request) => ({
    IdentityId: request.IdentityId,
    Credentials: { AccessKeyId: 'AKIA1', SecretKey: 'secret', SessionToken: 'session', Expiration: epochSeconds(clock) + 3600 },
  }));
  configure({ ...TEST_CONFIG, identityPoolId: POOL, allowGuestAccess }, { fetch: fake.fetch, clock, storage, cookies: createNoCookies() });
  return { fake, clock, storage };
}

describe('cognitoCredentialsProvider', () => {
  it("gives guest credentials (only with allowGuestAccess) and a signed-in user's", async () => {
    const { clock, storage } = configureWithIdentityPool(true);
    const guest = await cognitoCredentialsProvider.getCredentialsAndIdentityId({ authenticated: false, authConfig: undefined });
    expect(guest).toMatchObject({ identityId: 'us-east-1:guest', credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' } });
    expect(await storage.getItem(GUEST_KEY)).toBe('us-east-1:guest');

    const idToken = decodeJwtToken(makeAuthenticationResult({ iat: epochSeconds(clock) }).IdToken ?? '');
    const user = await cognitoCredentialsProvider.getCredentialsAndIdentityId({ authenticated: true, authConfig: undefined, tokens: { accessToken: idToken, idToken } });
    expect(user?.identityId).toBe('us-east-1:user');
    expect(await storage.getItem(GUEST_KEY)).toBeNull();

    await cognitoCredentialsProvider.clearCredentialsAndIdentityId();
  });

  it('gives nothing to a guest without allowGuestAccess, or before configure()', async () => {
    expect(await cognitoCredentialsProvider.getCredentialsAndIdentityId({ authenticated: false, authConfig: undefined })).toBeUndefined();
    const { fake } = configureWithIdentityPool(false);
    expect(await cognitoCredentialsProvider.getCredentialsAndIdentityId({ authenticated: false, authConfig: undefined })).toBeUndefined();
    expect(fake.calls).toEqual([]);
  });
});

describe('DefaultIdentityIdStore', () => {
  it('keeps a guest id in storage and a primary one in memory', async () => {
    const storage = createMemoryStorage();
    const store = new DefaultIdentityIdStore(storage);
    store.setAuthConfig({ Cognito: { userPoolId: 'us-east-1_A', userPoolClientId: 'c', identityPoolId: POOL } });
    expect(await store.loadIdentityId()).toBeNull();
    await store.storeIdentityId({ id: 'g', type: 'guest' });
    expect(await storage.getItem(GUEST_KEY)).toBe('g');
    expect(await store.loadIdentityId()).toEqual({ id: 'g', type: 'guest' });
    await store.storeIdentityId({ id: 'p', type: 'primary' });
    expect(await store.loadIdentityId()).toEqual({ id: 'p', type: 'primary' });
    expect(await storage.getItem(GUEST_KEY)).toBeNull();
    await store.clearIdentityId();
    expect(await store.loadIdentityId()).toBeNull();
  });

  it('needs an identity pool to read or write an id (InvalidIdentityPoolIdException), not to clear them', async () => {
    const store = new DefaultIdentityIdStore(createMemoryStorage());
    await expect(store.loadIdentityId()).rejects.toMatchObject({ name: 'InvalidIdentityPoolIdException' });
    await expect(store.storeIdentityId({ id: 'g', type: 'guest' })).rejects.toMatchObject({ name: 'InvalidIdentityPoolIdException' });
    await expect(new CognitoAWSCredentialsAndIdentityIdProvider(store).clearCredentialsAndIdentityId()).resolves.toBeUndefined();
  });
});

describe('CognitoAWSCredentialsAndIdentityIdProvider', () => {
  it('fits the CredentialsAndIdentityIdProvider interface an app may pass around', () => {
    const provider: CredentialsAndIdentityIdProvider = cognitoCredentialsProvider;
    expect(typeof provider.getCredentialsAndIdentityId).toBe('function');
  });
});
