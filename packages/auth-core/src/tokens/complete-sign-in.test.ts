import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { getDeviceMetadata } from '../devices/device-store.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult, makeJwt } from '../../testing/test-runtime.js';
import { completeSignIn } from './complete-sign-in.js';
import { getCurrentUserWith } from './current-user.js';
import { tokenCookieNames } from './token-cookies.js';
import { loadTokens } from './token-store.js';

describe('completeSignIn', () => {
  it('stores the tokens and cookies and emits signedIn with the user and sign-in details', async () => {
    const harness = createTestHarness();
    const result = makeAuthenticationResult({ iat: epochSeconds(harness.clock) });
    const user = await completeSignIn(harness.runtime, {
      username: 'alice',
      authenticationResult: result,
      signInDetails: { loginId: 'alice@example.com', authFlowType: 'USER_SRP_AUTH' },
    });
    expect(user).toEqual({
      username: 'alice',
      userId: '11111111-2222-3333-4444-555555555555',
      signInDetails: { loginId: 'alice@example.com', authFlowType: 'USER_SRP_AUTH' },
    });
    expect((await loadTokens(harness.runtime))?.accessToken.toString()).toBe(result.AccessToken);
    expect(harness.cookies.get(tokenCookieNames('client123', 'alice').idToken)).toBe(result.IdToken);
    // As aws-amplify: the event carries getCurrentUser()'s result, sign-in details included.
    expect(harness.events).toEqual([{ event: 'signedIn', data: user }]);
    expect(await getCurrentUserWith(harness.runtime)).toEqual(user);
  });

  it('confirms the new device Cognito offered before reporting signedIn', async () => {
    const harness = createTestHarness();
    harness.fake.on('ConfirmDevice', () => ({ UserConfirmationNecessary: false }));
    await completeSignIn(harness.runtime, {
      username: 'alice',
      authenticationResult: makeAuthenticationResult({ iat: epochSeconds(harness.clock) }, { NewDeviceMetadata: { DeviceKey: 'dk', DeviceGroupKey: 'dg' } }),
    });
    expect(harness.fake.callsTo('ConfirmDevice')).toHaveLength(1);
    expect((await getDeviceMetadata(harness.runtime, 'alice'))?.deviceKey).toBe('dk');
  });

  it('still signs in when confirming the device fails', async () => {
    const harness = createTestHarness();
    harness.fake.on('ConfirmDevice', () => cognitoError('InvalidParameterException', 'bad device'));
    const user = await completeSignIn(harness.runtime, {
      username: 'alice',
      authenticationResult: makeAuthenticationResult({ iat: epochSeconds(harness.clock) }, { NewDeviceMetadata: { DeviceKey: 'dk', DeviceGroupKey: 'dg' } }),
    });
    expect(user.username).toBe('alice');
    expect(await getDeviceMetadata(harness.runtime, 'alice')).toBeNull();
    expect(harness.events.map((e) => e.event)).toEqual(['signedIn']);
  });

  it('throws UnexpectedSignInInterruptionException and emits nothing when the tokens carry no subject', async () => {
    const harness = createTestHarness();
    await expect(
      completeSignIn(harness.runtime, { username: 'alice', authenticationResult: { AccessToken: makeJwt({ iat: epochSeconds(harness.clock) }) } }),
    ).rejects.toMatchObject({ name: 'UnexpectedSignInInterruptionException' });
    expect(harness.events).toEqual([]);
  });
});
