import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { getDeviceMetadata, storeDeviceMetadata } from '../devices/device-store.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { loadTokens } from '../tokens/token-store.js';
import { deleteUserWith } from './delete-user.js';
import { updatePasswordWith } from './password.js';
import {
  confirmUserAttributeWith,
  deleteUserAttributesWith,
  fetchUserAttributesWith,
  sendUserAttributeVerificationCodeWith,
  updateUserAttributeWith,
  updateUserAttributesWith,
} from './user-attributes.js';

async function signedIn(): Promise<TestHarness & { accessToken: string }> {
  const harness = createTestHarness();
  const tokens = await storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) }));
  return { ...harness, accessToken: tokens.accessToken.toString() };
}

describe('user attributes', () => {
  it('fetchUserAttributes turns GetUser name/value pairs into a record', async () => {
    const h = await signedIn();
    h.fake.on('GetUser', () => ({
      Username: 'alice',
      UserAttributes: [
        { Name: 'sub', Value: 's-1' },
        { Name: 'email', Value: 'alice@example.com' },
        { Name: 'custom:clientNumber', Value: 'C-42' },
      ],
    }));
    expect(await fetchUserAttributesWith(h.runtime)).toEqual({ sub: 's-1', email: 'alice@example.com', 'custom:clientNumber': 'C-42' });
    expect(h.fake.callsTo('GetUser')[0]?.body).toEqual({ AccessToken: h.accessToken });
  });

  it('updateUserAttributes reports DONE for updated attributes and CONFIRM_ATTRIBUTE_WITH_CODE where a code was sent', async () => {
    const h = await signedIn();
    h.fake.on('UpdateUserAttributes', () => ({
      CodeDeliveryDetailsList: [{ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'a***@e***' }],
    }));
    const output = await updateUserAttributesWith(h.runtime, {
      userAttributes: { email: 'new@example.com', given_name: 'Alice' },
      options: { clientMetadata: { source: 'profile' } },
    });
    expect(h.fake.callsTo('UpdateUserAttributes')[0]?.body).toEqual({
      AccessToken: h.accessToken,
      UserAttributes: [
        { Name: 'email', Value: 'new@example.com' },
        { Name: 'given_name', Value: 'Alice' },
      ],
      ClientMetadata: { source: 'profile' },
    });
    expect(output).toEqual({
      email: {
        isUpdated: false,
        nextStep: {
          updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
          codeDeliveryDetails: { attributeName: 'email', deliveryMedium: 'EMAIL', destination: 'a***@e***' },
        },
      },
      given_name: { isUpdated: true, nextStep: { updateAttributeStep: 'DONE' } },
    });
  });

  it('updateUserAttribute returns the one attribute\'s result', async () => {
    const h = await signedIn();
    h.fake.on('UpdateUserAttributes', () => ({}));
    expect(await updateUserAttributeWith(h.runtime, { userAttribute: { attributeKey: 'family_name', value: 'Smith' } })).toEqual({
      isUpdated: true,
      nextStep: { updateAttributeStep: 'DONE' },
    });
  });

  it('confirmUserAttribute sends VerifyUserAttribute and requires a code', async () => {
    const h = await signedIn();
    h.fake.on('VerifyUserAttribute', () => ({}));
    await confirmUserAttributeWith(h.runtime, { userAttributeKey: 'email', confirmationCode: '123456' });
    expect(h.fake.callsTo('VerifyUserAttribute')[0]?.body).toEqual({ AccessToken: h.accessToken, AttributeName: 'email', Code: '123456' });
    await expect(confirmUserAttributeWith(h.runtime, { userAttributeKey: 'email', confirmationCode: '' })).rejects.toMatchObject({
      name: 'EmptyConfirmUserAttributeCode',
    });
  });

  it('confirmUserAttribute keeps the provider error for a wrong code', async () => {
    const h = await signedIn();
    h.fake.on('VerifyUserAttribute', () => cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'));
    await expect(confirmUserAttributeWith(h.runtime, { userAttributeKey: 'email', confirmationCode: '1' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  });

  it('sendUserAttributeVerificationCode returns where the code went', async () => {
    const h = await signedIn();
    h.fake.on('GetUserAttributeVerificationCode', () => ({ CodeDeliveryDetails: { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: '+***89' } }));
    expect(await sendUserAttributeVerificationCodeWith(h.runtime, { userAttributeKey: 'phone_number' })).toEqual({
      attributeName: 'phone_number',
      deliveryMedium: 'SMS',
      destination: '+***89',
    });
    expect(h.fake.callsTo('GetUserAttributeVerificationCode')[0]?.body).toEqual({ AccessToken: h.accessToken, AttributeName: 'phone_number' });
  });

  it('deleteUserAttributes sends the names', async () => {
    const h = await signedIn();
    h.fake.on('DeleteUserAttributes', () => ({}));
    await deleteUserAttributesWith(h.runtime, { userAttributeKeys: ['nickname', 'custom:x'] });
    expect(h.fake.callsTo('DeleteUserAttributes')[0]?.body).toEqual({ AccessToken: h.accessToken, UserAttributeNames: ['nickname', 'custom:x'] });
  });

  it('every attribute function needs a signed-in user', async () => {
    const h = createTestHarness();
    await expect(fetchUserAttributesWith(h.runtime)).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
    await expect(deleteUserAttributesWith(h.runtime, { userAttributeKeys: ['x'] })).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
  });
});

describe('updatePassword', () => {
  it('sends ChangePassword with the previous and proposed password', async () => {
    const h = await signedIn();
    h.fake.on('ChangePassword', () => ({}));
    await updatePasswordWith(h.runtime, { oldPassword: 'Old-pass1', newPassword: 'New-pass1' });
    expect(h.fake.callsTo('ChangePassword')[0]?.body).toEqual({ AccessToken: h.accessToken, PreviousPassword: 'Old-pass1', ProposedPassword: 'New-pass1' });
  });

  it('requires both passwords before calling Cognito', async () => {
    const h = await signedIn();
    await expect(updatePasswordWith(h.runtime, { oldPassword: '', newPassword: 'x' })).rejects.toMatchObject({ name: 'EmptyUpdatePassword' });
    expect(h.fake.calls).toEqual([]);
  });
});

describe('deleteUser', () => {
  it('deletes the account, clears the session and device, and emits signedOut', async () => {
    const h = await signedIn();
    await storeDeviceMetadata(h.runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    h.fake.on('DeleteUser', () => ({}));
    await deleteUserWith(h.runtime);
    expect(h.fake.callsTo('DeleteUser')[0]?.body).toEqual({ AccessToken: h.accessToken });
    expect(await loadTokens(h.runtime)).toBeNull();
    expect(await getDeviceMetadata(h.runtime, 'alice')).toBeNull();
    expect(h.cookies.jar.size).toBe(0);
    expect(h.events).toEqual([{ event: 'signedOut' }]);
  });

  it('keeps the session when Cognito refuses', async () => {
    const h = await signedIn();
    h.fake.on('DeleteUser', () => cognitoError('NotAuthorizedException', 'Access Token has been revoked'));
    await expect(deleteUserWith(h.runtime)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await loadTokens(h.runtime)).not.toBeNull();
  });
});
