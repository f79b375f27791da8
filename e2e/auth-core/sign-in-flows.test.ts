// auth-core driving the real server over HTTP, the way the web app does: every call goes through the
// Cognito wire protocol, codes come from the dev outbox, TOTP codes from an independent authenticator.
import {
  autoSignInWith,
  confirmResetPasswordWith,
  confirmSignInWith,
  confirmSignUpWith,
  fetchAuthSessionWith,
  fetchUserAttributesWith,
  rememberDeviceWith,
  resetPasswordWith,
  signInWith,
  signOutWith,
  signUpWith,
  type AuthRuntime,
} from '@steward/auth-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_DATABASES, newIdentity, startE2eServer, type E2eServer } from '../support/server.js';
import { totp } from '../support/totp.js';

let e2e: E2eServer;
describe.each(E2E_DATABASES)('on %s', (database) => {
  beforeAll(async () => {
    e2e = await startE2eServer({}, database);
  });
  afterAll(async () => e2e.close());

  /** Signs up and confirms a user through auth-core, ending signed in after TOTP setup; returns the TOTP secret. */
  async function signUpWithTotp(browser: AuthRuntime, who: ReturnType<typeof newIdentity>): Promise<string> {
    const signedUp = await signUpWith(browser, {
      username: who.username,
      password: who.password,
      options: { userAttributes: { email: who.email, given_name: 'Grace', family_name: 'Hopper', phone_number: who.phone }, autoSignIn: true },
    });
    expect(signedUp.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const confirmed = await confirmSignUpWith(browser, { username: who.username, confirmationCode: await e2e.latestCode(who.email) });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');

    const first = await autoSignInWith(browser);
    expect(first.isSignedIn).toBe(false);
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION');
    const setup = await confirmSignInWith(browser, { challengeResponse: 'TOTP' });
    if (setup.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') throw new Error(`unexpected step ${setup.nextStep.signInStep}`);
    const secret = setup.nextStep.totpSetupDetails.sharedSecret;
    const uri = setup.nextStep.totpSetupDetails.getSetupUri('Steward');
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    const done = await confirmSignInWith(browser, { challengeResponse: totp(secret) });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    return secret;
  }

  describe('auth-core against the real user pool', () => {
    it('signs up, confirms by the emailed code, auto-signs-in through TOTP setup and then signs in with TOTP', async () => {
      const browser = e2e.newBrowser();
      const who = newIdentity('totp');
      const secret = await signUpWithTotp(browser, who);

      const session = await fetchAuthSessionWith(browser);
      expect(session.tokens?.accessToken.payload.username).toBe(who.username);
      const attributes = await fetchUserAttributesWith(browser);
      expect(attributes.email).toBe(who.email);
      expect(session.userSub).toBe(attributes.sub);

      await signOutWith(browser);
      expect((await fetchAuthSessionWith(browser)).tokens).toBeUndefined();

      const step = await signInWith(browser, { username: who.username, password: who.password });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      // The code of the next 30 s step: the server allows one step of drift and refuses a reused step.
      const done = await confirmSignInWith(browser, { challengeResponse: totp(secret, Date.now() + 30_000) });
      expect(done.isSignedIn).toBe(true);
    });

    it('refuses a second sign-in while signed in, and a wrong password with NotAuthorizedException', async () => {
      const browser = e2e.newBrowser();
      const who = newIdentity('dup');
      await signUpWithTotp(browser, who);
      await expect(signInWith(browser, { username: who.username, password: who.password })).rejects.toMatchObject({ name: 'UserAlreadyAuthenticatedException' });

      const other = e2e.newBrowser();
      await expect(signInWith(other, { username: who.username, password: `${who.password}x` })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    });

    it('refreshes tokens on demand and, after a global sign-out, the old access token is refused by the pool', async () => {
      const browser = e2e.newBrowser();
      await signUpWithTotp(browser, newIdentity('refresh'));
      const before = await fetchAuthSessionWith(browser);
      const refreshed = await fetchAuthSessionWith(browser, { forceRefresh: true });
      expect(refreshed.tokens?.accessToken.toString()).not.toBe(before.tokens?.accessToken.toString());
      const oldAccess = refreshed.tokens?.accessToken.toString() ?? '';

      await signOutWith(browser, { global: true });
      const res = await fetch(String(e2e.runtimeConfig.userPoolEndpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
        body: JSON.stringify({ AccessToken: oldAccess }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
    });

    it('resets a forgotten password with the emailed code and signs in with the new one', async () => {
      const browser = e2e.newBrowser();
      const who = newIdentity('reset');
      await signUpWithTotp(browser, who);
      await signOutWith(browser);

      const requested = await resetPasswordWith(browser, { username: who.username });
      expect(requested.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
      expect(requested.nextStep.codeDeliveryDetails.deliveryMedium).toBe('EMAIL');
      const newPassword = `New-${who.password}`;
      await confirmResetPasswordWith(browser, { username: who.username, confirmationCode: await e2e.latestCode(who.email), newPassword });

      await expect(signInWith(browser, { username: who.username, password: who.password })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      const step = await signInWith(browser, { username: who.username, password: newPassword });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    });

    it('sets up email MFA with USER_PASSWORD_AUTH and signs in with the emailed code', async () => {
      const browser = e2e.newBrowser();
      const who = newIdentity('email');
      await signUpWith(browser, { username: who.username, password: who.password, options: { userAttributes: { email: who.email } } });
      await confirmSignUpWith(browser, { username: who.username, confirmationCode: await e2e.latestCode(who.email) });

      const first = await signInWith(browser, { username: who.username, password: who.password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION');
      let step = await confirmSignInWith(browser, { challengeResponse: 'EMAIL' });
      if (step.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP') step = await confirmSignInWith(browser, { challengeResponse: who.email });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
      expect(step.isSignedIn).toBe(false);
      const done = await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.email) });
      expect(done.isSignedIn).toBe(true);

      await signOutWith(browser);
      const again = await signInWith(browser, { username: who.username, password: who.password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
      await expect(confirmSignInWith(browser, { challengeResponse: '000000' === (await e2e.latestCode(who.email)) ? '111111' : '000000' })).rejects.toMatchObject({ name: 'CodeMismatchException' });
      expect((await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.email) })).isSignedIn).toBe(true);
    });

    it('skips MFA on a remembered device, proving the device with device SRP', async () => {
      const browser = e2e.newBrowser();
      const who = newIdentity('device');
      await signUpWithTotp(browser, who);
      await rememberDeviceWith(browser);
      await signOutWith(browser);

      const step = await signInWith(browser, { username: who.username, password: who.password });
      expect(step).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      expect((await fetchAuthSessionWith(browser)).tokens?.accessToken.payload.device_key).toBeTypeOf('string');
    });
  });
});
