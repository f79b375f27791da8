import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { signUpWith } from './sign-up.js';

const CODE_DELIVERY = { Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' };

describe('signUp', () => {
  it('sends SignUp with the attributes of spec section 5 and asks for the code', async () => {
    const h = createTestHarness();
    h.fake.on('SignUp', () => ({ UserConfirmed: false, UserSub: 'sub-1', CodeDeliveryDetails: CODE_DELIVERY }));
    const result = await signUpWith(h.runtime, {
      username: 'alice',
      password: 'Corr3ct-horse!',
      options: {
        userAttributes: { email: 'alice@example.com', given_name: 'Alice', family_name: 'Liddell', phone_number: '+15555550100', preferred_username: 'al' },
        validationData: { invite: 'x1' },
        clientMetadata: { source: 'web' },
      },
    });
    expect(result).toEqual({
      isSignUpComplete: false,
      userId: 'sub-1',
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: { destination: 'a***@e***', deliveryMedium: 'EMAIL', attributeName: 'email' } },
    });
    expect(h.fake.callsTo('SignUp')[0]?.body).toEqual({
      ClientId: 'client123',
      Username: 'alice',
      Password: 'Corr3ct-horse!',
      UserAttributes: [
        { Name: 'email', Value: 'alice@example.com' },
        { Name: 'given_name', Value: 'Alice' },
        { Name: 'family_name', Value: 'Liddell' },
        { Name: 'phone_number', Value: '+15555550100' },
        { Name: 'preferred_username', Value: 'al' },
      ],
      ValidationData: [{ Name: 'invite', Value: 'x1' }],
      ClientMetadata: { source: 'web' },
    });
    expect(h.fake.problems).toEqual([]);
  });

  it('is DONE at once when the pool confirms the user itself', async () => {
    const h = createTestHarness();
    h.fake.on('SignUp', () => ({ UserConfirmed: true, UserSub: 'sub-2' }));
    expect(await signUpWith(h.runtime, { username: 'bob', password: 'Corr3ct-horse!' })).toEqual({
      isSignUpComplete: true,
      userId: 'sub-2',
      nextStep: { signUpStep: 'DONE' },
    });
  });

  it('is COMPLETE_AUTO_SIGN_IN at once for a confirmed user who asked for auto sign-in', async () => {
    const h = createTestHarness();
    h.fake.on('SignUp', () => ({ UserConfirmed: true, UserSub: 'sub-3' }));
    expect(await signUpWith(h.runtime, { username: 'carol', password: 'Corr3ct-horse!', options: { autoSignIn: true } })).toEqual({
      isSignUpComplete: true,
      userId: 'sub-3',
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
  });

  it('with link verification and auto sign-in, the next step is COMPLETE_AUTO_SIGN_IN with where the link went', async () => {
    const h = createTestHarness({ config: { signUpVerificationMethod: 'link' } });
    h.fake.on('SignUp', () => ({ UserConfirmed: false, UserSub: 'sub-4', CodeDeliveryDetails: CODE_DELIVERY }));
    const result = await signUpWith(h.runtime, { username: 'dave', password: 'Corr3ct-horse!', options: { autoSignIn: true } });
    expect(result).toEqual({
      isSignUpComplete: false,
      userId: 'sub-4',
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN', codeDeliveryDetails: { destination: 'a***@e***', deliveryMedium: 'EMAIL', attributeName: 'email' } },
    });
  });

  it('requires a username and a password before any request', async () => {
    const h = createTestHarness();
    await expect(signUpWith(h.runtime, { username: '', password: 'x' })).rejects.toMatchObject({ name: 'EmptySignUpUsername' });
    await expect(signUpWith(h.runtime, { username: 'alice' })).rejects.toMatchObject({
      name: 'EmptySignUpPassword',
      message: 'password is required to signUp',
    });
    expect(h.fake.calls).toEqual([]);
  });

  it("turns the server's null-password complaint into the password-required error", async () => {
    const h = createTestHarness();
    h.fake.on('SignUp', () => cognitoError('InvalidParameterException', "1 validation error detected: Value null at 'password' failed to satisfy constraint"));
    await expect(signUpWith(h.runtime, { username: 'alice', password: ' ' })).rejects.toMatchObject({
      name: 'EmptySignUpPassword',
      message: 'password is required to signUp',
    });
  });

  it('passes other provider errors through with their names', async () => {
    const h = createTestHarness();
    h.fake.on('SignUp', () => cognitoError('UsernameExistsException', 'User already exists'));
    await expect(signUpWith(h.runtime, { username: 'alice', password: 'Corr3ct-horse!' })).rejects.toMatchObject({ name: 'UsernameExistsException' });
  });
});
