import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { fetchAuthSessionWith } from '../tokens/auth-session.js';
import { clearCredentials, getCredentialsAndIdentityId } from './credentials.js';

const MINUTE = 60_000;
const POOL = 'us-east-1:0f5c7a5e-0000-4000-8000-000000000000';

function withIdentityPool(allowGuestAccess: boolean): TestHarness {
  const harness = createTestHarness({ config: { identityPoolId: POOL, allowGuestAccess } });
  let issued = 0;
  harness.fake.onIdentity('GetId', (request) => ({ IdentityId: request.Logins ? 'us-east-1:user-identity' : 'us-east-1:guest-identity' }));
  harness.fake.onIdentity('GetCredentialsForIdentity', (request) => {
    issued += 1;
    return {
      IdentityId: request.IdentityId,
      Credentials: { AccessKeyId: `AKIA${issued}`, SecretKey: 'secret', SessionToken: 'session', Expiration: epochSeconds(harness.clock) + 3600 },
    };
  });
  return harness;
}

describe('identity pool credentials', () => {
  it('gives no guest credentials unless guest access is configured', async () => {
    const harness = withIdentityPool(false);
    expect(await getCredentialsAndIdentityId(harness.runtime)).toBeUndefined();
    expect(await fetchAuthSessionWith(harness.runtime)).toEqual({});
    expect(harness.fake.calls).toEqual([]);
  });

  it('gets guest credentials with GetId and GetCredentialsForIdentity, keeping the guest identity id', async () => {
    const harness = withIdentityPool(true);
    const session = await fetchAuthSessionWith(harness.runtime);
    expect(harness.fake.problems).toEqual([]);
    expect(harness.fake.callsTo('GetId')[0]).toMatchObject({
      url: 'https://cognito-identity.us-east-1.amazonaws.com/',
      headers: { 'x-amz-target': 'AWSCognitoIdentityService.GetId' },
      body: { IdentityPoolId: POOL },
    });
    expect(harness.fake.callsTo('GetCredentialsForIdentity')[0]?.body).toEqual({ IdentityId: 'us-east-1:guest-identity' });
    expect(session).toEqual({
      identityId: 'us-east-1:guest-identity',
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret', sessionToken: 'session', expiration: new Date(harness.clock.now() + 3600_000) },
    });
    expect(await harness.storage.getItem(`com.amplify.Cognito.${POOL}.identityId`)).toBe('us-east-1:guest-identity');
  });

  it('caches credentials and fetches them again after 50 minutes', async () => {
    const harness = withIdentityPool(true);
    await getCredentialsAndIdentityId(harness.runtime);
    harness.clock.advance(49 * MINUTE);
    expect((await getCredentialsAndIdentityId(harness.runtime))?.credentials.accessKeyId).toBe('AKIA1');
    harness.clock.advance(2 * MINUTE);
    expect((await getCredentialsAndIdentityId(harness.runtime))?.credentials.accessKeyId).toBe('AKIA2');
    // The guest identity id was kept, so only one GetId was needed.
    expect(harness.fake.callsTo('GetId')).toHaveLength(1);
  });

  it('fetches again when forced, or after clearCredentials', async () => {
    const harness = withIdentityPool(true);
    await getCredentialsAndIdentityId(harness.runtime);
    expect((await getCredentialsAndIdentityId(harness.runtime, { forceRefresh: true }))?.credentials.accessKeyId).toBe('AKIA2');
    clearCredentials(harness.runtime);
    expect((await getCredentialsAndIdentityId(harness.runtime))?.credentials.accessKeyId).toBe('AKIA3');
  });

  it("gets the signed-in user's credentials with the id token under its issuer in Logins", async () => {
    const harness = withIdentityPool(false);
    const result = makeAuthenticationResult({ iat: epochSeconds(harness.clock), iss: 'http://127.0.0.1:3000/us-east-1_TestPool' });
    await storeAuthenticationResult(harness.runtime, 'alice', result);
    const session = await fetchAuthSessionWith(harness.runtime);
    const logins = { '127.0.0.1:3000/us-east-1_TestPool': result.IdToken };
    expect(harness.fake.callsTo('GetId')[0]?.body).toEqual({ IdentityPoolId: POOL, Logins: logins });
    expect(harness.fake.callsTo('GetCredentialsForIdentity')[0]?.body).toEqual({ IdentityId: 'us-east-1:user-identity', Logins: logins });
    expect(session.identityId).toBe('us-east-1:user-identity');
    expect(session.tokens).toBeDefined();
  });

  it('shares one request between concurrent callers', async () => {
    const harness = withIdentityPool(true);
    await Promise.all([getCredentialsAndIdentityId(harness.runtime), getCredentialsAndIdentityId(harness.runtime)]);
    expect(harness.fake.callsTo('GetCredentialsForIdentity')).toHaveLength(1);
  });

  it('propagates identity-pool errors with their provider name', async () => {
    const harness = createTestHarness({ config: { identityPoolId: POOL, allowGuestAccess: true } });
    harness.fake.onIdentity('GetId', () => cognitoError('NotAuthorizedException', 'Unauthenticated access is not supported for this identity pool.'));
    await expect(getCredentialsAndIdentityId(harness.runtime)).rejects.toMatchObject({ name: 'NotAuthorizedException', service: 'identity-pool' });
  });

  it('rejects an answer without credentials', async () => {
    const harness = createTestHarness({ config: { identityPoolId: POOL, allowGuestAccess: true } });
    harness.fake.onIdentity('GetId', () => ({ IdentityId: 'id' }));
    harness.fake.onIdentity('GetCredentialsForIdentity', () => ({ IdentityId: 'id' }));
    await expect(getCredentialsAndIdentityId(harness.runtime)).rejects.toMatchObject({ name: 'UnknownError', operation: 'GetCredentialsForIdentity' });
  });
});
