import { AuthError, createTotpSetupDetails } from '@steward/auth-core';
import type { AuthSignInOutput } from '@steward/auth-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import { useSignInStore } from '../stores/sign-in-store';
import { currentPath, renderApp, resetStores } from '../testing/render-app';
import { sessionRecord, signedInSession, testServices } from '../testing/scripted-ports';

const step = (nextStep: AuthSignInOutput['nextStep']): AuthSignInOutput => ({ isSignedIn: nextStep.signInStep === 'DONE', nextStep });
const providerError = (name: string, message = '') => new AuthError({ name, message });

async function signInWith(user: ReturnType<typeof userEvent.setup>, username: string, password: string): Promise<void> {
  await user.type(await screen.findByLabelText('Username or email'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in screens', () => {
  beforeEach(() => resetStores());

  it('puts focus in the username field and says what is missing next to each field', async () => {
    const services = testServices();
    await renderApp(services, '/login');
    const username = await screen.findByLabelText('Username or email');
    expect(document.activeElement).toBe(username);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Enter your username or email address.');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter your username or email address.');
    expect(services.auth.signIn).not.toHaveBeenCalled();

    await user.type(username, 'alice');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password.', { selector: '.field__error' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('shows a wrong password in plain words next to the password field', async () => {
    const services = testServices();
    services.auth.signIn.mockRejectedValueOnce(providerError('NotAuthorizedException', 'Incorrect username or password.'));
    await renderApp(services, '/login');
    await signInWith(userEvent.setup(), 'alice', 'wrong');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toContain('Incorrect username or password.');
  });

  it('goes from the password to the TOTP code, offers to remember the device, then lands on next', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }));
    services.auth.confirmSignIn.mockRejectedValueOnce(providerError('CodeMismatchException', 'Invalid code')).mockResolvedValueOnce(step({ signInStep: 'DONE' }));
    services.auth.rememberDevice.mockResolvedValueOnce(undefined);
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    services.data.recordSignIn.mockResolvedValueOnce({ userId: 'sub-123', user: null, config: null, session: sessionRecord() });
    const { router } = await renderApp(services, '/login?next=%2Ffiles');
    const user = userEvent.setup();
    await signInWith(user, 'alice', 'Passw0rd!');

    const code = await screen.findByLabelText('Authenticator code');
    expect(document.activeElement).toBe(code);
    expect(services.auth.signIn).toHaveBeenCalledWith({ username: 'alice', password: 'Passw0rd!' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check it and try again.', { selector: '.field__error' })).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(services.auth.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });
    const remember = await screen.findByRole('button', { name: 'Remember this device' });
    expect(document.activeElement).toBe(remember);
    await user.click(remember);

    await waitFor(() => expect(currentPath(router)).toBe('/files'));
    expect(services.auth.rememberDevice).toHaveBeenCalledOnce();
    expect(services.data.recordSignIn).toHaveBeenCalledOnce();
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', userData: { userId: 'sub-123' }, tokenData: { access_token: 'access-token', id_token: 'id-token' }, sessionStore: { id: 's1' } });
    expect(useSignInStore.getState().challengeName).toBeNull();
  });

  it('refuses an off-site next after sign-in and goes home instead', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'DONE' }));
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    const { router } = await renderApp(services, '/login?next=https%3A%2F%2Fevil.example%2F');
    await signInWith(userEvent.setup(), 'alice', 'Passw0rd!');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('lets the user choose SMS, shows where the code went, and finishes without the remember prompt when declined', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP', 'EMAIL'] }));
    services.auth.confirmSignIn
      .mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+*******0100' } }))
      .mockResolvedValueOnce(step({ signInStep: 'DONE' }));
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    const { router } = await renderApp(services, '/login');
    const user = userEvent.setup();
    await signInWith(user, 'alice', 'Passw0rd!');

    const group = await screen.findByRole('group', { name: 'Sign-in check' });
    const sms = within(group).getByRole('radio', { name: /Text message/ });
    expect(document.activeElement).toBe(sms);
    await user.click(sms);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(services.auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'SMS' });
    expect(await screen.findByText('We sent a code by text message to +*******0100.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the text message'), '424242');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(services.auth.rememberDevice).not.toHaveBeenCalled();
  });

  it('shows the TOTP setup with a QR code, the grouped secret, a copy button and the otpauth link', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: createTotpSetupDetails('JBSWY3DPEHPK3PXPJBSWY3DP', 'alice') }));
    services.auth.confirmSignIn.mockResolvedValueOnce(step({ signInStep: 'DONE' }));
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    await renderApp(services, '/login');
    const user = userEvent.setup();
    await signInWith(user, 'alice', 'Passw0rd!');

    const code = await screen.findByLabelText('Code from the app');
    expect(document.activeElement).toBe(code);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(screen.getByTitle('QR code for your authenticator app')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open in an authenticator app' });
    expect(link.getAttribute('href')).toMatch(/^otpauth:\/\/totp\/Steward:alice\?secret=JBSWY3DPEHPK3PXPJBSWY3DP/);
    expect(screen.getByRole('button', { name: 'Copy the key' })).toBeTruthy();

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and finish' }));
    expect(services.auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '654321', options: { friendlyDeviceName: 'Authenticator app' } });
    expect(await screen.findByRole('button', { name: 'Remember this device' })).toBeTruthy();
  });

  it('asks for a new password and the missing attributes, and sends them together', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: ['given_name', 'phone_number'] }));
    services.auth.confirmSignIn.mockResolvedValueOnce(step({ signInStep: 'DONE' }));
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    await renderApp(services, '/login');
    const user = userEvent.setup();
    await signInWith(user, 'alice', 'Temp-Passw0rd!');

    const password = await screen.findByLabelText('New password');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'weak');
    expect(screen.getByText('A symbol', { exact: false }).closest('li')?.getAttribute('data-met')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('This password does not meet the requirements below.', { selector: '.field__error' })).toBeTruthy();

    await user.clear(password);
    await user.type(password, 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Repeat the new password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter your first name.', { selector: '.field__error' })).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Alice');
    await user.type(screen.getByLabelText('Phone number'), '+15555550100');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(services.auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'N3w-Passw0rd!', options: { userAttributes: { given_name: 'Alice', phone_number: '+15555550100' } } }),
    );
    await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
    expect(services.data.recordSignIn).toHaveBeenCalledOnce();
  });

  it('answers a custom challenge with the question it asks', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { question: 'What is 2 + 3?' } }));
    services.auth.confirmSignIn.mockResolvedValueOnce(step({ signInStep: 'DONE' }));
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    await renderApp(services, '/login');
    const user = userEvent.setup();
    await signInWith(user, 'alice', 'Passw0rd!');
    expect(await screen.findByText('What is 2 + 3?')).toBeTruthy();
    await user.type(screen.getByLabelText('Your answer'), ' 5 ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(services.auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '5' });
  });

  it('signs in another way: first-factor choice, then the password step of USER_AUTH', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['PASSWORD_SRP', 'PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'] }));
    services.auth.confirmSignIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_PASSWORD' })).mockResolvedValueOnce(step({ signInStep: 'DONE' }));
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    await renderApp(services, '/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username or email'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Sign in another way' }));
    expect(services.auth.signIn).toHaveBeenCalledWith({ username: 'alice', options: { authFlowType: 'USER_AUTH' } });

    const radios = within(await screen.findByRole('group', { name: 'Ways to sign in' })).getAllByRole('radio');
    // PASSWORD and PASSWORD_SRP are one choice for a person.
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['PASSWORD_SRP', 'EMAIL_OTP', 'WEB_AUTHN']);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(services.auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'PASSWORD_SRP' });
    const password = await screen.findByLabelText('Password');
    expect(screen.getByText('Signing in as alice.')).toBeTruthy();
    await user.type(password, 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
  });

  it('waits for the passkey and reports a cancelled ceremony in words', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['WEB_AUTHN'] }));
    services.auth.confirmSignIn.mockRejectedValueOnce(providerError('PasskeyAuthenticationCanceled', 'Passkey authentication ceremony has been canceled.'));
    await renderApp(services, '/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username or email'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Sign in another way' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Use your passkey' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Passkey sign-in was cancelled.');
    await user.click(screen.getByRole('button', { name: 'Use another way' }));
    expect(await screen.findByLabelText('Username or email')).toBeTruthy();
  });

  it('says a refused passkey is not verified (not a wrong password) and keeps the passkey prompt', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['WEB_AUTHN'] }));
    // What the server answers to a passkey that is not this user's (challenges/web-authn.ts).
    services.auth.confirmSignIn.mockRejectedValueOnce(providerError('NotAuthorizedException', 'The passkey could not be verified.'));
    await renderApp(services, '/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username or email'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Sign in another way' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This passkey could not be verified.');
    expect(alert.textContent).not.toContain('password.');
    expect(screen.getByRole('heading', { name: 'Use your passkey' })).toBeTruthy();
    expect(useSignInStore.getState().challengeName).toBe('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
    // The provider's session has moved past the factor choice, so "Try again" starts a fresh passkey sign-in.
    services.auth.signIn.mockRejectedValueOnce(providerError('NotAuthorizedException', 'The passkey could not be verified.'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Try again' });
    expect(services.auth.signIn).toHaveBeenLastCalledWith({ username: 'alice', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } });
    expect(services.auth.confirmSignIn).toHaveBeenCalledTimes(1);
  });

  it('sends an unconfirmed account to confirm sign-up with its username', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_UP' }));
    const { router } = await renderApp(services, '/login');
    await signInWith(userEvent.setup(), 'newbie', 'Passw0rd!');
    await waitFor(() => expect(currentPath(router)).toBe('/sign-up/confirm?username=newbie'));
    expect(await screen.findByLabelText('Confirmation code')).toBeTruthy();
  });

  it('starts a reset when the password must be reset, and opens the confirm-reset screen', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'RESET_PASSWORD' }));
    services.auth.resetPassword.mockResolvedValueOnce({ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: { destination: 'a***@e***' } } });
    const { router } = await renderApp(services, '/login');
    await signInWith(userEvent.setup(), 'alice', 'Passw0rd!');
    await waitFor(() => expect(currentPath(router)).toBe('/forgot-password/confirm?username=alice&destination=a***%40e***'));
    expect(services.auth.resetPassword).toHaveBeenCalledWith({ username: 'alice' });
  });

  it('starts over with a clear message when the 3-minute sign-in session has expired', async () => {
    const services = testServices();
    services.auth.signIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { destination: 'a***@e***' } }));
    services.auth.confirmSignIn.mockRejectedValueOnce(providerError('SignInException', 'expired'));
    await renderApp(services, '/login');
    const user = userEvent.setup();
    await signInWith(user, 'alice', 'Passw0rd!');
    await user.type(await screen.findByLabelText('Code from the email'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in was interrupted or took too long.')).toBeTruthy();
    expect(screen.getByLabelText('Username or email')).toBeTruthy();
  });

  it('resumes the code step after a reload within 3 minutes', async () => {
    useSignInStore.getState().setStep('alice', { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    useSignInStore.setState({ nextStep: null });
    await useSignInStore.persist.rehydrate();
    await renderApp(testServices(), '/login');
    expect(await screen.findByLabelText('Authenticator code')).toBeTruthy();
  });
});
