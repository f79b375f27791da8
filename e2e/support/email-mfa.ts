// Signing in a user whose MFA is (or becomes) email: the code is read from the dev outbox, as a
// person would read their inbox.
import { confirmSignInWith, signInWith, type AuthRuntime } from '@steward/auth-core';
import type { E2eServer } from './server.js';

/** Signs in with the password and answers email MFA, setting it up on a first sign-in; throws on any other step. */
export async function signInWithEmailMfa(e2e: E2eServer, browser: AuthRuntime, who: { username: string; password: string; email: string }): Promise<void> {
  let step = await signInWith(browser, { username: who.username, password: who.password });
  if (step.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION') step = await confirmSignInWith(browser, { challengeResponse: 'EMAIL' });
  if (step.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP') step = await confirmSignInWith(browser, { challengeResponse: who.email });
  if (step.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE') throw new Error(`expected the email code step, got ${step.nextStep.signInStep}`);
  const done = await confirmSignInWith(browser, { challengeResponse: await e2e.latestCode(who.email) });
  if (!done.isSignedIn) throw new Error(`expected to be signed in, got ${done.nextStep.signInStep}`);
}
