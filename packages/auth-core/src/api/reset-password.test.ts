import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { resetPasswordWith } from './reset-password.js';

describe('resetPassword', () => {
  it('sends ForgotPassword and asks for the code, saying where it went', async () => {
    const h = createTestHarness();
    h.fake.on('ForgotPassword', () => ({ CodeDeliveryDetails: { Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } }));
    expect(await resetPasswordWith(h.runtime, { username: 'alice', options: { clientMetadata: { k: 'v' } } })).toEqual({
      isPasswordReset: false,
      nextStep: {
        resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDeliveryDetails: { destination: 'a***@e***', deliveryMedium: 'EMAIL', attributeName: 'email' },
      },
    });
    expect(h.fake.callsTo('ForgotPassword')[0]?.body).toEqual({ ClientId: 'client123', Username: 'alice', ClientMetadata: { k: 'v' } });
  });

  it('requires a username before any request', async () => {
    const h = createTestHarness();
    await expect(resetPasswordWith(h.runtime, { username: '' })).rejects.toMatchObject({
      name: 'EmptyResetPasswordUsername',
      message: 'username is required to resetPassword',
    });
    expect(h.fake.calls).toEqual([]);
  });

  it('passes provider errors through', async () => {
    const h = createTestHarness();
    h.fake.on('ForgotPassword', () => cognitoError('UserNotFoundException', 'Username/client id combination not found.'));
    await expect(resetPasswordWith(h.runtime, { username: 'nobody' })).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});
