import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { expectHeading, finishSignIn, newPerson, signIn, signOut, signUp } from './people';

describe('a new user', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('signs up, confirms with the emailed code, sets up TOTP at the first sign-in, signs out and signs in again with TOTP', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const person = newPerson('totp');

    await signUp(page, baseUrl, person);
    const firstSteps = await finishSignIn(page, baseUrl, person, { screenshots: 'first-sign-in' });
    expect(firstSteps).toEqual(['Set up a second sign-in step', 'Set up your authenticator app', 'Remember this device?']);
    expect(new URL(page.url()).pathname).toBe('/');
    // No user record exists yet: the temporary profile greets the person by the names given at sign-up.
    expect(await page.getByRole('button', { name: /open the user menu/ }).textContent()).toContain('Erin Tester');

    await signOut(page);
    const secondSteps = await signIn(page, baseUrl, person);
    expect(secondSteps).toEqual(['Enter your authenticator code', 'Remember this device?']);
    await expectHeading(page, 'Welcome to Steward');
    await saveScreenshot(page, 'sign-up-confirm-totp-sign-in');
    await context.close();
  });
});
