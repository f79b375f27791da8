// The sign-in flows and steps sign-in-flows.test.ts does not reach, driven through auth-core
// against the real server over HTTP: an admin-created user's NEW_PASSWORD_REQUIRED, SMS MFA after a
// choice between SMS and TOTP, CUSTOM_AUTH with and without SRP, and USER_AUTH's first factors.
import {
  associateWebAuthnCredentialWith,
  confirmSignInWith,
  createAuthRuntime,
  createMemoryStorage,
  createNoCookies,
  deleteWebAuthnCredentialWith,
  listWebAuthnCredentialsWith,
  type PasskeyAuthenticationResponseJson,
  type PasskeyRegistrationResponseJson,
  confirmUserAttributeWith,
  fetchAuthSessionWith,
  fetchMFAPreferenceWith,
  sendUserAttributeVerificationCodeWith,
  setUpTOTPWith,
  signInWith,
  signOutWith,
  updateMFAPreferenceWith,
  verifyTOTPSetupWith,
  type AuthRuntime,
  type SignInOutput,
} from '@steward/auth-core';
import { SoftwarePasskey } from '@steward/server/test/auth/software-authenticator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_DATABASES, newIdentity, startE2eServer, type E2eServer } from '../support/server.js';
import { totp } from '../support/totp.js';

let e2e: E2eServer;
let adminAccessToken: string;

/** Finishes a first sign-in that asks for MFA setup by choosing email MFA (the email is verified). */
async function completeEmailMfaSetup(browser: AuthRuntime, step: SignInOutput, email: string): Promise<void> {
  expect(step.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION');
  let next = await confirmSignInWith(browser, { challengeResponse: 'EMAIL' });
  if (next.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP') next = await confirmSignInWith(browser, { challengeResponse: email });
  expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
  const done = await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(email) });
  expect(done.isSignedIn).toBe(true);
}

/** A browser profile whose WebAuthn port is a software passkey, on an origin within the pool's relying party. */
function browserWithPasskey(passkey: SoftwarePasskey): AuthRuntime {
  // Browsers refuse an IP address as RP id: the loopback server's page is on localhost.
  const origin = new URL(e2e.server.app.steward.config.publicUrl).origin.replace('//127.0.0.1', '//localhost');
  return createAuthRuntime(
    { ...(e2e.runtimeConfig as { userPoolId: string; userPoolClientId: string; userPoolEndpoint: string }), storage: createMemoryStorage(), cookies: createNoCookies() },
    {
      webAuthn: {
        isSupported: () => true,
        create: async (options) => Promise.resolve(passkey.register(options, origin) as unknown as PasskeyRegistrationResponseJson),
        get: async (options) => Promise.resolve(JSON.parse(passkey.assert(options, origin)) as PasskeyAuthenticationResponseJson),
      },
    },
  );
}

/** Calls the admin-queries REST API as the demo admin. */
async function adminApi(path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${e2e.url}/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: adminAccessToken },
    body: JSON.stringify(body),
  });
}

/** Creates a user through the admin API with a temporary password; returns the identity. */
async function adminCreatedUser(label: string): Promise<ReturnType<typeof newIdentity> & { temporaryPassword: string }> {
  const who = newIdentity(label);
  const temporaryPassword = `Tmp-${who.password}`;
  const res = await adminApi('createUser', {
    username: who.username,
    temporaryPassword,
    attributes: { email: who.email, email_verified: 'true', phone_number: who.phone, given_name: 'Temp' },
    suppressInvitation: true,
  });
  expect(res.status).toBe(200);
  return { ...who, temporaryPassword };
}

/** The first sign-in of an admin-created user: temporary password, new password, email MFA setup. */
async function firstSignIn(browser: AuthRuntime, who: Awaited<ReturnType<typeof adminCreatedUser>>): Promise<void> {
  const step = await signInWith(browser, { username: who.username, password: who.temporaryPassword });
  expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
  await completeEmailMfaSetup(browser, await confirmSignInWith(browser, { challengeResponse: who.password }), who.email);
}

describe.each(E2E_DATABASES)('on %s', (database) => {
  beforeAll(async () => {
    e2e = await startE2eServer({}, database);
    // The demo admin of the first start, as a person would sign in for the first time.
    const admin = e2e.newBrowser();
    const seededAdmin = e2e.server.seed?.demoUsers.find((u) => u.username === 'admin');
    if (seededAdmin === undefined) throw new Error('the first start did not seed the demo admin');
    const first = await signInWith(admin, { username: seededAdmin.username, password: seededAdmin.password });
    await completeEmailMfaSetup(admin, first, seededAdmin.email);
    adminAccessToken = (await fetchAuthSessionWith(admin)).tokens?.accessToken.toString() ?? '';
  });
  afterAll(async () => e2e.close());


  describe('auth-core against the real user pool: admin-created users and MFA choices', () => {
    it('leads an admin-created user from the temporary password through a new password and MFA setup', async () => {
      const who = await adminCreatedUser('newpw');
      const browser = e2e.newBrowser();

      const step = await signInWith(browser, { username: who.username, password: who.temporaryPassword });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
      // A password breaking the policy is refused by the pool and the step can be answered again.
      await expect(confirmSignInWith(browser, { challengeResponse: 'short' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
      const afterNewPassword = await confirmSignInWith(browser, { challengeResponse: who.password });
      await completeEmailMfaSetup(browser, afterNewPassword, who.email);
      await signOutWith(browser);

      await expect(signInWith(browser, { username: who.username, password: who.temporaryPassword })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      const again = await signInWith(browser, { username: who.username, password: who.password });
      expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    });

    it('offers the choice between SMS and TOTP when both are enabled without a preference, and signs in by SMS', async () => {
      const who = await adminCreatedUser('choice');
      const browser = e2e.newBrowser();
      await firstSignIn(browser, who);

      // Verify the phone number, add an authenticator app, then enable SMS and TOTP with no preference.
      const sent = await sendUserAttributeVerificationCodeWith(browser, { userAttributeKey: 'phone_number' });
      expect(sent.deliveryMedium).toBe('SMS');
      await confirmUserAttributeWith(browser, { userAttributeKey: 'phone_number', confirmationCode: await e2e.latestCode(who.phone) });
      const setup = await setUpTOTPWith(browser);
      await verifyTOTPSetupWith(browser, { code: totp(setup.sharedSecret) });
      await updateMFAPreferenceWith(browser, { sms: 'ENABLED', totp: 'ENABLED', email: 'DISABLED' });
      const preference = await fetchMFAPreferenceWith(browser);
      expect(preference.enabled).toEqual(expect.arrayContaining(['SMS', 'TOTP']));
      expect(preference.preferred).toBeUndefined();
      await signOutWith(browser);

      const select = await signInWith(browser, { username: who.username, password: who.password });
      expect(select.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SELECTION');
      if (select.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION') return;
      expect(select.nextStep.allowedMFATypes).toEqual(expect.arrayContaining(['SMS', 'TOTP']));
      const sms = await confirmSignInWith(browser, { challengeResponse: 'SMS' });
      expect(sms.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
      if (sms.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_SMS_CODE') expect(sms.nextStep.codeDeliveryDetails?.deliveryMedium).toBe('SMS');
      const done = await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.phone) });
      expect(done.isSignedIn).toBe(true);
    });
  });

  describe('auth-core against the real user pool: custom and choice-based flows', () => {
    it('signs in with CUSTOM_WITHOUT_SRP by the emailed code, and refuses a password given to that flow', async () => {
      const who = await adminCreatedUser('custom');
      await firstSignIn(e2e.newBrowser(), who);

      const browser = e2e.newBrowser();
      await expect(signInWith(browser, { username: who.username, password: who.password, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } })).rejects.toMatchObject({
        name: 'CustomAuthSignInPassword',
      });
      const step = await signInWith(browser, { username: who.username, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
      const wrong = (await e2e.latestCode(who.email)) === '000000' ? '111111' : '000000';
      // A wrong answer keeps the challenge open with the same code (the definition allows three tries).
      const retry = await confirmSignInWith(browser, { challengeResponse: wrong });
      expect(retry.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
      let next = await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.email) });
      // The emailed code is a first factor only, and email (the user's one MFA) cannot be the second:
      // the pool leads the user to set up an authenticator app.
      expect(next.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
      if (next.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
      next = await confirmSignInWith(browser, { challengeResponse: totp(next.nextStep.totpSetupDetails.sharedSecret) });
      expect(next.isSignedIn).toBe(true);
      expect((await fetchAuthSessionWith(browser)).tokens?.accessToken.payload.username).toBe(who.username);
    });

    it('signs in with CUSTOM_WITH_SRP: the password proof first, then the emailed code', async () => {
      const who = await adminCreatedUser('customsrp');
      await firstSignIn(e2e.newBrowser(), who);

      const browser = e2e.newBrowser();
      await expect(signInWith(browser, { username: who.username, password: `${who.password}x`, options: { authFlowType: 'CUSTOM_WITH_SRP' } })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
      const step = await signInWith(browser, { username: who.username, password: who.password, options: { authFlowType: 'CUSTOM_WITH_SRP' } });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
      const done = await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.email) });
      expect(done.isSignedIn).toBe(true);
    });

    it('offers USER_AUTH first factors, signs in with an emailed one-time code, and with PASSWORD_SRP when preferred', async () => {
      const who = await adminCreatedUser('choicefirst');
      await firstSignIn(e2e.newBrowser(), who);

      const browser = e2e.newBrowser();
      const select = await signInWith(browser, { username: who.username, options: { authFlowType: 'USER_AUTH' } });
      expect(select.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
      if (select.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') return;
      expect(select.nextStep.availableChallenges).toEqual(expect.arrayContaining(['EMAIL_OTP', 'PASSWORD_SRP']));
      const otp = await confirmSignInWith(browser, { challengeResponse: 'EMAIL_OTP' });
      expect(otp.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
      const afterOtp = await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.email) });
      // The emailed code was the first factor, so it cannot also be the second: the pool asks for another
      // factor, and email is the user's only one, so that means setting up an authenticator app.
      expect(afterOtp.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
      if (afterOtp.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
      const secret = afterOtp.nextStep.totpSetupDetails.sharedSecret;
      expect((await confirmSignInWith(browser, { challengeResponse: totp(secret) })).isSignedIn).toBe(true);
      await signOutWith(browser);

      const srp = await signInWith(browser, { username: who.username, password: who.password, options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD_SRP' } });
      // The password proof is one factor; the user's MFA follows, never DONE straight away.
      expect(srp.isSignedIn).toBe(false);
      // Email stays the preferred MFA (chosen at setup); the new authenticator app is the other one enabled.
      expect(srp.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
      expect((await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.email) })).isSignedIn).toBe(true);
      expect((await fetchMFAPreferenceWith(browser)).enabled).toEqual(expect.arrayContaining(['EMAIL', 'TOTP']));
    });

    it('registers a passkey, signs in with it through USER_AUTH without a password or a second factor, and deletes it', async () => {
      const who = await adminCreatedUser('passkey');
      const passkey = new SoftwarePasskey();
      const browser = browserWithPasskey(passkey);
      await firstSignIn(browser, who);

      await associateWebAuthnCredentialWith(browser);
      const listed = await listWebAuthnCredentialsWith(browser);
      expect(listed.credentials.map((c) => c.credentialId)).toEqual([passkey.credentialId]);
      await signOutWith(browser);

      // A user-verified passkey is two factors in one: DONE with no MFA step.
      const signedIn = await signInWith(browser, { username: who.username, options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } });
      expect(signedIn).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      expect((await fetchAuthSessionWith(browser)).tokens?.accessToken.payload.username).toBe(who.username);

      await deleteWebAuthnCredentialWith(browser, { credentialId: passkey.credentialId });
      expect((await listWebAuthnCredentialsWith(browser)).credentials).toEqual([]);
      await signOutWith(browser);
      // Without a registered passkey the pool no longer offers one: the preference falls back to the choice.
      const stranger = browserWithPasskey(new SoftwarePasskey());
      const fallback = await signInWith(stranger, { username: who.username, options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } });
      expect(fallback.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
      if (fallback.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') expect(fallback.nextStep.availableChallenges).not.toContain('WEB_AUTHN');
    });
  });
});
