// Sign-up confirmed by an emailed link (SIGN_UP_VERIFICATION=link on the server,
// signUpVerificationMethod 'link' in auth-core, both read from /runtime-config.json): auto sign-in
// polls every 5 seconds until the person opens the link, then continues the sign-in.
import { autoSignInWith, signUpWith } from '@steward/auth-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdentity, startE2eServer, type E2eServer } from '../support/server.js';

let e2e: E2eServer;
beforeAll(async () => {
  e2e = await startE2eServer({ SIGN_UP_VERIFICATION: 'link' });
});
afterAll(async () => e2e.close());

/** The confirmation link of the newest email to `email`, as a person would click it. */
async function latestLink(email: string): Promise<URL> {
  const res = await fetch(`${e2e.url}/dev/outbox?destination=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { messages: { body: string }[] };
  const found = /https?:\/\/\S+\/confirmUser\?\S+/.exec(body.messages[0]?.body ?? '');
  if (found === null) throw new Error(`no confirmation link sent to ${email}`);
  return new URL(found[0]);
}

describe('auth-core sign-up with link verification against the real user pool', () => {
  it('polls while the account is unconfirmed and signs in once the emailed link is opened', async () => {
    expect(e2e.runtimeConfig.signUpVerificationMethod).toBe('link');
    const browser = e2e.newBrowser();
    const who = newIdentity('link');
    const signedUp = await signUpWith(browser, {
      username: who.username,
      password: who.password,
      options: { userAttributes: { email: who.email }, autoSignIn: true },
    });
    expect(signedUp.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');

    const started = Date.now();
    const signingIn = autoSignInWith(browser);
    // The person reads the email a little later; the first poll (at 5 s) still sees an unconfirmed account.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const link = await latestLink(who.email);
    const page = await fetch(`${e2e.url}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);

    const result = await signingIn;
    // Confirmed and signed in with the password; the pool requires MFA, so the user is led to set it up.
    expect(result.isSignedIn).toBe(false);
    expect(result.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION');
    // Polls run every 5 s: the answer came on a poll after the link was opened.
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
  }, 40_000);
});
