// The aws-amplify-named functions run on the runtime configure() set up.
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCognito } from '../../testing/fake-cognito.js';
import { Hub } from '../events/auth-hub.js';
import type { AuthHubPayload } from '../events/auth-hub.js';
import { configure, resetAuthRuntime } from '../runtime/auth-runtime.js';
import { createRecordingCookies, createTestClock, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { completeSignIn } from '../tokens/complete-sign-in.js';
import { deleteUser } from './delete-user.js';
import { fetchDevices, forgetDevice, rememberDevice } from './devices.js';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from './mfa.js';
import { updatePassword } from './password.js';
import { fetchAuthSession, getCurrentUser } from './session.js';
import { signOut } from './sign-out.js';
import {
  confirmUserAttribute,
  deleteUserAttributes,
  fetchUserAttributes,
  sendUserAttributeVerificationCode,
  updateUserAttribute,
  updateUserAttributes,
} from './user-attributes.js';
import { associateWebAuthnCredential, deleteWebAuthnCredential, listWebAuthnCredentials } from './web-authn-credentials.js';

afterEach(() => resetAuthRuntime());

describe('public API on the configured runtime', () => {
  it('throws AuthUserPoolException before configure()', async () => {
    await expect(fetchAuthSession()).rejects.toMatchObject({ name: 'AuthUserPoolException' });
    await expect(signOut()).rejects.toMatchObject({ name: 'AuthUserPoolException' });
  });

  it('runs every function against the configured endpoint and reports to Hub', async () => {
    const fake = createFakeCognito({ userPool: 'http://127.0.0.1:3000/' });
    const clock = createTestClock();
    const runtime = configure(
      { userPoolId: 'us-east-1_Local', userPoolClientId: 'web', userPoolEndpoint: 'http://127.0.0.1:3000/', storage: createMemoryStorage(), cookies: createRecordingCookies() },
      { fetch: fake.fetch, clock },
    );
    const events: AuthHubPayload[] = [];
    const stop = Hub.listen('auth', ({ payload }) => events.push(payload));
    try {
      fake
        .on('GetUser', () => ({ Username: 'alice', UserAttributes: [{ Name: 'email', Value: 'a@x' }], UserMFASettingList: ['EMAIL_OTP'] }))
        .on('UpdateUserAttributes', () => ({}))
        .on('VerifyUserAttribute', () => ({}))
        .on('GetUserAttributeVerificationCode', () => ({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } }))
        .on('DeleteUserAttributes', () => ({}))
        .on('ChangePassword', () => ({}))
        .on('AssociateSoftwareToken', () => ({ SecretCode: 'S' }))
        .on('VerifySoftwareToken', () => ({ Status: 'SUCCESS' }))
        .on('SetUserMFAPreference', () => ({}))
        .on('ListDevices', () => ({ Devices: [] }))
        .on('ForgetDevice', () => ({}))
        .on('ListWebAuthnCredentials', () => ({ Credentials: [] }))
        .on('DeleteWebAuthnCredential', () => ({}))
        .on('RevokeToken', () => ({}))
        .on('DeleteUser', () => ({}));

      await completeSignIn(runtime, { username: 'alice', authenticationResult: makeAuthenticationResult({ iat: epochSeconds(clock) }) });
      expect((await fetchAuthSession()).userSub).toBe('11111111-2222-3333-4444-555555555555');
      expect((await getCurrentUser()).username).toBe('alice');
      expect(await fetchUserAttributes()).toEqual({ email: 'a@x' });
      await updateUserAttributes({ userAttributes: { nickname: 'al' } });
      expect((await updateUserAttribute({ userAttribute: { attributeKey: 'nickname', value: 'ally' } })).isUpdated).toBe(true);
      await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: '1' });
      expect(await sendUserAttributeVerificationCode({ userAttributeKey: 'email' })).toEqual({ deliveryMedium: 'EMAIL' });
      await deleteUserAttributes({ userAttributeKeys: ['nickname'] });
      await updatePassword({ oldPassword: 'a', newPassword: 'b' });
      expect((await setUpTOTP()).sharedSecret).toBe('S');
      await verifyTOTPSetup({ code: '123456' });
      await updateMFAPreference({ email: 'PREFERRED' });
      expect(await fetchMFAPreference()).toEqual({ enabled: ['EMAIL'] });
      expect(await fetchDevices()).toEqual([]);
      await expect(rememberDevice()).rejects.toMatchObject({ name: 'DeviceMetadataNotFoundException' });
      await forgetDevice({ device: { id: 'other' } });
      expect(await listWebAuthnCredentials()).toEqual({ credentials: [] });
      await deleteWebAuthnCredential({ credentialId: 'c' });
      await expect(associateWebAuthnCredential()).rejects.toMatchObject({ name: 'PasskeyNotSupported' });
      await signOut();
      await expect(getCurrentUser()).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
      await expect(deleteUser()).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
    } finally {
      stop();
    }
    expect(fake.problems).toEqual([]);
    expect(fake.calls.every((call) => call.url === 'http://127.0.0.1:3000/')).toBe(true);
    expect(events.map((e) => e.event)).toEqual(['signedIn', 'signedOut']);
  });
});
