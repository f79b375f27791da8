import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { confirmResetPasswordWith } from './confirm-reset-password.js';

describe('confirmResetPassword', () => {
  it('sends ConfirmForgotPassword with the code and the new password', async () => {
    const h = createTestHarness();
    h.fake.on('ConfirmForgotPassword', () => ({}));
    await expect(confirmResetPasswordWith(h.runtime, { username: 'alice', confirmationCode: '123456', newPassword: 'N3w-password!' })).resolves.toBeUndefined();
    expect(h.fake.callsTo('ConfirmForgotPassword')[0]?.body).toEqual({
      ClientId: 'client123',
      Username: 'alice',
      ConfirmationCode: '123456',
      Password: 'N3w-password!',
    });
  });

  it.each([
    [{ username: '', confirmationCode: '1', newPassword: 'p' }, 'EmptyConfirmResetPasswordUsername'],
    [{ username: 'alice', confirmationCode: '1', newPassword: '' }, 'EmptyConfirmResetPasswordNewPassword'],
    [{ username: 'alice', confirmationCode: '', newPassword: 'p' }, 'EmptyConfirmResetPasswordConfirmationCode'],
  ])('rejects %o with %s before any request', async (input, name) => {
    const h = createTestHarness();
    await expect(confirmResetPasswordWith(h.runtime, input)).rejects.toMatchObject({ name });
    expect(h.fake.calls).toEqual([]);
  });

  it.each(['CodeMismatchException', 'ExpiredCodeException', 'InvalidPasswordException'])('passes %s through', async (name) => {
    const h = createTestHarness();
    h.fake.on('ConfirmForgotPassword', () => cognitoError(name, 'no'));
    await expect(confirmResetPasswordWith(h.runtime, { username: 'alice', confirmationCode: '1', newPassword: 'p' })).rejects.toMatchObject({ name });
  });
});
