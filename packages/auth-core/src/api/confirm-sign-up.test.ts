import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { confirmSignUpWith } from './confirm-sign-up.js';
import { signUpWith } from './sign-up.js';

function harness() {
  const h = createTestHarness();
  h.fake.on('SignUp', () => ({ UserConfirmed: false, UserSub: 'sub-1', CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } }));
  h.fake.on('ConfirmSignUp', (request) => (request.ConfirmationCode === '123456' ? { Session: 'confirmed-session' } : cognitoError('CodeMismatchException', 'Invalid code')));
  return h;
}

describe('confirmSignUp', () => {
  it('sends ConfirmSignUp and is DONE without auto sign-in', async () => {
    const h = harness();
    const result = await confirmSignUpWith(h.runtime, {
      username: 'alice',
      confirmationCode: '123456',
      options: { forceAliasCreation: true, clientMetadata: { k: 'v' } },
    });
    expect(result).toEqual({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    expect(h.fake.callsTo('ConfirmSignUp')[0]?.body).toEqual({
      ClientId: 'client123',
      Username: 'alice',
      ConfirmationCode: '123456',
      ForceAliasCreation: true,
      ClientMetadata: { k: 'v' },
    });
  });

  it('is COMPLETE_AUTO_SIGN_IN after a sign-up of the same user that asked for auto sign-in', async () => {
    const h = harness();
    await signUpWith(h.runtime, { username: 'alice', password: 'Corr3ct-horse!', options: { autoSignIn: true } });
    expect(await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' })).toEqual({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
  });

  it('is DONE when another user is confirmed', async () => {
    const h = harness();
    await signUpWith(h.runtime, { username: 'alice', password: 'Corr3ct-horse!', options: { autoSignIn: true } });
    expect((await confirmSignUpWith(h.runtime, { username: 'bob', confirmationCode: '123456' })).nextStep.signUpStep).toBe('DONE');
  });

  it('keeps the pending sign-up after a wrong code', async () => {
    const h = harness();
    await signUpWith(h.runtime, { username: 'alice', password: 'Corr3ct-horse!', options: { autoSignIn: true } });
    await expect(confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '000000' })).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect((await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' })).nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
  });

  it('requires a username and a code before any request', async () => {
    const h = harness();
    await expect(confirmSignUpWith(h.runtime, { username: '', confirmationCode: '1' })).rejects.toMatchObject({ name: 'EmptyConfirmSignUpUsername' });
    await expect(confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '' })).rejects.toMatchObject({ name: 'EmptyConfirmSignUpCode' });
    expect(h.fake.calls).toEqual([]);
  });
});
