import { AuthError } from '@steward/auth-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, resetStores } from '../testing/render-app';
import { signedInSession, testServices } from '../testing/scripted-ports';
import { useSessionStore } from '../stores/session-store';
import { describeAuthError } from './error-messages';
import { checkSignUpFields } from './SignUpPage';

const fields = { username: 'erin', email: 'erin@example.com', givenName: 'Erin', familyName: 'Tester', phoneNumber: '', preferredUsername: '', password: 'E2e-Passw0rd!' };

describe('checkSignUpFields', () => {
  it('accepts a complete form', () => {
    expect(() => checkSignUpFields(fields)).not.toThrow();
  });

  it.each([
    [{ username: '' }, 'username'],
    [{ password: '' }, 'password'],
    [{ email: 'not-an-email' }, 'email'],
    [{ password: 'alllowercase1!' }, 'password'],
    [{ phoneNumber: '555-0100' }, 'phone'],
  ])('refuses %j at the %s field', (change, field) => {
    let thrown: unknown;
    try {
      checkSignUpFields({ ...fields, ...change });
    } catch (error) {
      thrown = error;
    }
    expect(describeAuthError(thrown).field).toBe(field);
  });
});

describe('sign-up', () => {
  beforeEach(() => resetStores());

  it('ticks the password rules as they are met, sends the attributes and opens the confirm screen', async () => {
    const services = testServices();
    services.auth.signUp.mockResolvedValueOnce({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: { destination: 'e***@e***', deliveryMedium: 'EMAIL' } } });
    const { router } = await renderApp(services, '/sign-up');
    const user = userEvent.setup();
    const username = await screen.findByLabelText('Username');
    expect(document.activeElement).toBe(username);
    await user.type(username, 'erin');
    await user.type(screen.getByLabelText('Email address'), 'erin@example.com');
    await user.type(screen.getByLabelText('First name'), 'Erin');
    await user.type(screen.getByLabelText('Last name'), 'Tester');
    await user.type(screen.getByLabelText('Phone number (optional)'), '+1 555 555 0100');
    await user.type(screen.getByLabelText('Preferred username (optional)'), 'erin.t');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    const rule = (name: string) => document.querySelector(`[data-rule="${name}"]`)?.getAttribute('data-met');
    expect([rule('lowercase'), rule('uppercase'), rule('minLength')]).toEqual(['true', 'false', 'false']);
    await user.type(password, 'DEF12!');
    expect([rule('minLength'), rule('lowercase'), rule('uppercase'), rule('number'), rule('symbol')]).toEqual(['true', 'true', 'true', 'true', 'true']);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(currentPath(router)).toBe('/sign-up/confirm?username=erin&destination=e***%40e***'));
    expect(services.auth.signUp).toHaveBeenCalledWith({
      username: 'erin',
      password: 'abcDEF12!',
      options: { userAttributes: { email: 'erin@example.com', given_name: 'Erin', family_name: 'Tester', phone_number: '+15555550100', preferred_username: 'erin.t' }, autoSignIn: true },
    });
    expect(await screen.findByText('We sent a confirmation code to e***@e***.')).toBeTruthy();
  });

  it('with link verification, says where the link went and waits on the page until auto sign-in continues', async () => {
    const services = testServices();
    services.auth.signUp.mockResolvedValueOnce({ isSignUpComplete: false, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN', codeDeliveryDetails: { destination: 'e***@e***', deliveryMedium: 'EMAIL' } } });
    let finishPolling: (value: Awaited<ReturnType<typeof services.auth.autoSignIn>>) => void = () => undefined;
    services.auth.autoSignIn.mockReturnValueOnce(new Promise((resolve) => (finishPolling = resolve)));
    const { router } = await renderApp(services, '/sign-up');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'erin');
    await user.type(screen.getByLabelText('Email address'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'abcDEF12!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('We sent a confirmation link to e***@e***.');
    expect(services.auth.autoSignIn).toHaveBeenCalledOnce();
    expect(currentPath(router)).toBe('/sign-up');

    finishPolling({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] } });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Set up a second sign-in step' })).toBeTruthy();
  });

  it('shows a taken username next to the username field', async () => {
    const services = testServices();
    services.auth.signUp.mockRejectedValueOnce(new AuthError({ name: 'UsernameExistsException', message: 'User already exists' }));
    await renderApp(services, '/sign-up');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'taken');
    await user.type(screen.getByLabelText('Email address'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'E2e-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('That username is already taken.', { selector: '.field__error' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });
});

describe('confirm sign-up', () => {
  beforeEach(() => resetStores());

  it('sends a new code on request', async () => {
    const services = testServices();
    services.auth.resendSignUpCode.mockResolvedValueOnce({ destination: 'e***@x***', deliveryMedium: 'EMAIL' });
    await renderApp(services, '/sign-up/confirm?username=erin');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(services.auth.resendSignUpCode).toHaveBeenCalledWith({ username: 'erin' });
    expect(await screen.findByText('We sent a new code to e***@x***.')).toBeTruthy();
  });

  it('confirms, signs in automatically and continues at the MFA setup step on /login', async () => {
    const services = testServices();
    services.auth.confirmSignUp.mockResolvedValueOnce({ isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
    services.auth.autoSignIn.mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] } });
    const { router } = await renderApp(services, '/sign-up/confirm?username=erin');
    const code = await screen.findByLabelText('Confirmation code');
    expect(document.activeElement).toBe(code);
    const user = userEvent.setup();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(services.auth.confirmSignUp).toHaveBeenCalledWith({ username: 'erin', confirmationCode: '123456' });
    expect(await screen.findByRole('heading', { name: 'Set up a second sign-in step' })).toBeTruthy();
  });

  it('signs straight in when no further step is needed', async () => {
    const services = testServices();
    services.auth.confirmSignUp.mockResolvedValueOnce({ isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
    services.auth.autoSignIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    const { router } = await renderApp(services, '/sign-up/confirm?username=erin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(services.data.recordSignIn).toHaveBeenCalledOnce();
  });

  it('puts a wrong code next to the code field', async () => {
    const services = testServices();
    services.auth.confirmSignUp.mockRejectedValueOnce(new AuthError({ name: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' }));
    await renderApp(services, '/sign-up/confirm?username=erin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right. Check it and try again.', { selector: '.field__error' })).toBeTruthy();
  });
});

describe('password reset', () => {
  beforeEach(() => resetStores());

  it('asks for a code, then changes the password with it', async () => {
    const services = testServices();
    services.auth.resetPassword.mockResolvedValueOnce({ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: { destination: 'e***@e***' } } });
    services.auth.confirmResetPassword.mockResolvedValueOnce(undefined);
    const { router } = await renderApp(services, '/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a code' }));
    expect(await screen.findByText('Enter your username or email address.', { selector: '.field__error' })).toBeTruthy();
    await user.type(screen.getByLabelText('Username or email'), 'erin');
    await user.click(screen.getByRole('button', { name: 'Send a code' }));
    await waitFor(() => expect(currentPath(router)).toBe('/forgot-password/confirm?username=erin&destination=e***%40e***'));

    const code = await screen.findByLabelText('Code');
    expect(document.activeElement).toBe(code);
    await user.type(code, '654321');
    await user.type(screen.getByLabelText('New password'), 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Repeat the new password'), 'N3w-Passw0rd?');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords are different.', { selector: '.field__error' })).toBeTruthy();
    expect(services.auth.confirmResetPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login?username=erin'));
    expect(services.auth.confirmResetPassword).toHaveBeenCalledWith({ username: 'erin', confirmationCode: '654321', newPassword: 'N3w-Passw0rd!' });
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username or email').value).toBe('erin');
  });

  it('puts an expired code next to the code field and a weak password next to the new password', async () => {
    const services = testServices();
    services.auth.confirmResetPassword.mockRejectedValueOnce(new AuthError({ name: 'ExpiredCodeException', message: 'expired' })).mockRejectedValueOnce(new AuthError({ name: 'InvalidPasswordException', message: 'Password did not conform' }));
    await renderApp(services, '/forgot-password/confirm?username=erin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), '111111');
    await user.type(screen.getByLabelText('New password'), 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Repeat the new password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('That code has expired.', { selector: '.field__error' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password does not meet the requirements.', { selector: '.field__error' })).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });
});
