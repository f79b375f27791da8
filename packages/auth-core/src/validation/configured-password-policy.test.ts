// passwordFormat in the configuration makes the functions that send a new password refuse one the
// policy does not allow, before any request, under Cognito's name and wording; without it the pool decides.
import { describe, expect, it } from 'vitest';
import { createFakeCognito } from '../../testing/fake-cognito.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { createTestUserPool } from '../../testing/test-user-pool.js';
import { confirmResetPasswordWith } from '../api/confirm-reset-password.js';
import { confirmSignInWith } from '../api/confirm-sign-in.js';
import { updatePasswordWith } from '../api/password.js';
import { signInWith } from '../api/sign-in.js';
import { signUpWith } from '../api/sign-up.js';
import type { CognitoPasswordFormat } from '../config/amplify-config.js';
import { AuthValidationError } from '../errors/auth-errors.js';
import { createAuthRuntime } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { assertConfiguredPasswordPolicy } from './configured-password-policy.js';
import { DEFAULT_PASSWORD_POLICY } from './password-policy.js';

/** 12+ characters with a digit; no case or symbol rule. */
const LONG_WITH_DIGIT: CognitoPasswordFormat = { minLength: 12, requireNumbers: true };
const SIGN_UP_ANSWER = { UserConfirmed: false, UserSub: 'sub-1', CodeDeliveryDetails: { Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } };

function messageOf(run: () => void): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthValidationError);
    expect((error as AuthValidationError).name).toBe('InvalidPasswordException');
    return (error as AuthValidationError).message;
  }
  return undefined;
}

describe('assertConfiguredPasswordPolicy', () => {
  it('words the first broken rule as Cognito does', () => {
    expect(messageOf(() => assertConfiguredPasswordPolicy(DEFAULT_PASSWORD_POLICY, 'Sh0rt!'))).toBe('Password did not conform with policy: Password not long enough');
    expect(messageOf(() => assertConfiguredPasswordPolicy(DEFAULT_PASSWORD_POLICY, 'PASSWORD1!'))).toBe('Password did not conform with policy: Password must have lowercase characters');
    expect(messageOf(() => assertConfiguredPasswordPolicy(DEFAULT_PASSWORD_POLICY, 'password1!'))).toBe('Password did not conform with policy: Password must have uppercase characters');
    expect(messageOf(() => assertConfiguredPasswordPolicy(DEFAULT_PASSWORD_POLICY, 'Password!!'))).toBe('Password did not conform with policy: Password must have numeric characters');
    expect(messageOf(() => assertConfiguredPasswordPolicy(DEFAULT_PASSWORD_POLICY, 'Password11'))).toBe('Password did not conform with policy: Password must have symbol characters');
    expect(messageOf(() => assertConfiguredPasswordPolicy(DEFAULT_PASSWORD_POLICY, 'Passw0rd!'))).toBeUndefined();
  });

  it('leaves every password to the pool without a configured policy, and blank ones to the required-field checks', () => {
    expect(messageOf(() => assertConfiguredPasswordPolicy(undefined, 'x'))).toBeUndefined();
    expect(messageOf(() => assertConfiguredPasswordPolicy(DEFAULT_PASSWORD_POLICY, ''))).toBeUndefined();
  });
});

describe('signUp under passwordFormat', () => {
  it('refuses, without a request, what the Amplify-configured policy refuses, and sends what it allows', async () => {
    const fake = createFakeCognito();
    fake.on('SignUp', () => SIGN_UP_ANSWER);
    const runtime = createAuthRuntime(
      { Auth: { Cognito: { userPoolId: 'us-east-1_TestPool', userPoolClientId: 'client123', passwordFormat: LONG_WITH_DIGIT } } },
      { fetch: fake.fetch, storage: createMemoryStorage(), cookies: createNoCookies() },
    );
    // Good enough for the default policy, too short for this one.
    await expect(signUpWith(runtime, { username: 'bob', password: 'Passw0rd!' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    await expect(signUpWith(runtime, { username: 'bob', password: 'long enough but no digit' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    expect(fake.callsTo('SignUp')).toHaveLength(0);
    // Refused by the default policy (no upper case, no symbol), allowed by this one.
    await expect(signUpWith(runtime, { username: 'bob', password: 'correct horse 1' })).resolves.toMatchObject({ nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    expect(fake.callsTo('SignUp')[0]?.body).toMatchObject({ Username: 'bob', Password: 'correct horse 1' });
    expect(fake.problems).toEqual([]);
  });

  it('sends any password when no passwordFormat is configured (the pool decides, as before)', async () => {
    const h = createTestHarness();
    h.fake.on('SignUp', () => SIGN_UP_ANSWER);
    await signUpWith(h.runtime, { username: 'bob', password: 'pw' });
    expect(h.fake.callsTo('SignUp')).toHaveLength(1);
  });
});

describe('the other new-password functions under passwordFormat', () => {
  it('confirmResetPassword refuses before ConfirmForgotPassword', async () => {
    const h = createTestHarness({ config: { passwordFormat: LONG_WITH_DIGIT } });
    h.fake.on('ConfirmForgotPassword', () => ({}));
    await expect(confirmResetPasswordWith(h.runtime, { username: 'alice', confirmationCode: '123456', newPassword: 'short1' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    expect(h.fake.callsTo('ConfirmForgotPassword')).toHaveLength(0);
    await confirmResetPasswordWith(h.runtime, { username: 'alice', confirmationCode: '123456', newPassword: 'long enough 12' });
    expect(h.fake.callsTo('ConfirmForgotPassword')).toHaveLength(1);
  });

  it('updatePassword refuses before ChangePassword', async () => {
    const h = createTestHarness({ config: { passwordFormat: LONG_WITH_DIGIT } });
    h.fake.on('ChangePassword', () => ({}));
    await storeAuthenticationResult(h.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(h.clock) }));
    await expect(updatePasswordWith(h.runtime, { oldPassword: 'old', newPassword: 'no digits here' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    expect(h.fake.callsTo('ChangePassword')).toHaveLength(0);
  });

  it('the new-password step of confirmSignIn refuses and stays on the step', async () => {
    const h = createTestHarness({ config: { passwordFormat: LONG_WITH_DIGIT } });
    const pool = createTestUserPool(h, [{ username: 'alice', password: 'Corr3ct-horse!' }]);
    pool.afterPassword(() => ({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 'np', ChallengeParameters: { userAttributes: '{}' } }));
    pool.onRespond('NEW_PASSWORD_REQUIRED', () => pool.tokens());
    expect((await signInWith(h.runtime, { username: 'alice', password: 'Corr3ct-horse!' })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await expect(confirmSignInWith(h.runtime, { challengeResponse: 'short1' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    expect(h.fake.callsTo('RespondToAuthChallenge').filter((call) => call.body.ChallengeName === 'NEW_PASSWORD_REQUIRED')).toHaveLength(0);
    expect(await confirmSignInWith(h.runtime, { challengeResponse: 'a new password 1' })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });
});
