// The password-reset machine as a UI drives it.
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { isResetPasswordSettled, resetPasswordMachine } from './reset-password-machine.js';

describe('reset-password machine driven by a UI', () => {
  it('goes idle -> awaitingCode -> done, staying on awaitingCode after a wrong code', async () => {
    const h = createTestHarness();
    h.fake.on('ForgotPassword', () => ({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 'a***' } }));
    h.fake.on('ConfirmForgotPassword', (request) => (request.ConfirmationCode === '123456' ? {} : cognitoError('CodeMismatchException', 'Invalid code')));
    const actor = createActor(resetPasswordMachine, { input: { runtime: h.runtime } });
    actor.start();
    actor.send({ type: 'RESET_PASSWORD', username: 'alice' });
    const waiting = await waitFor(actor, isResetPasswordSettled);
    expect(waiting.value).toBe('awaitingCode');
    expect(waiting.context.result).toEqual({
      isPasswordReset: false,
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***' } },
    });
    actor.send({ type: 'CONFIRM_RESET_PASSWORD', username: 'alice', confirmationCode: '000000', newPassword: 'N3w-password!' });
    const wrong = await waitFor(actor, isResetPasswordSettled);
    expect(wrong.value).toBe('awaitingCode');
    expect(wrong.context.error).toMatchObject({ name: 'CodeMismatchException' });
    actor.send({ type: 'CONFIRM_RESET_PASSWORD', username: 'alice', confirmationCode: '123456', newPassword: 'N3w-password!' });
    const done = await waitFor(actor, isResetPasswordSettled);
    expect(done.value).toBe('done');
    expect(done.status).toBe('done');
  });

  it('returns to idle with the error when the request fails', async () => {
    const h = createTestHarness();
    h.fake.on('ForgotPassword', () => cognitoError('LimitExceededException', 'slow down'));
    const actor = createActor(resetPasswordMachine, { input: { runtime: h.runtime } });
    actor.start();
    actor.send({ type: 'RESET_PASSWORD', username: 'alice' });
    const failed = await waitFor(actor, isResetPasswordSettled);
    expect(failed.value).toBe('idle');
    expect(failed.context.error).toMatchObject({ name: 'LimitExceededException' });
  });
});
