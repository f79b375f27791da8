import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { latestCode } from './outbox';
import { expectHeading, newSignedInPerson, signIn, signOut } from './people';

describe('forgot password', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('resets the password with the emailed code and signs in with the new one', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const person = await newSignedInPerson(page, baseUrl, 'reset');
    await signOut(page);

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectHeading(page, 'Reset your password');
    await page.getByLabel('Username or email').fill(person.username);
    const sent = new Date();
    await page.getByRole('button', { name: 'Send a code' }).click();
    await page.waitForURL(/\/forgot-password\/confirm\?/);
    const code = await latestCode(baseUrl, person.email, sent);
    expect(code).toMatch(/^\d{6}$/);

    // A password breaking the policy is refused next to the field, before anything is sent.
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.field__error', { hasText: 'This password does not meet the requirements below.' }).waitFor();

    person.password = 'N3w-E2e-Passw0rd!';
    await page.getByLabel('New password', { exact: true }).fill(person.password);
    await page.getByLabel('Repeat the new password').fill(person.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/login\?username=/);
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();

    const steps = await signIn(page, baseUrl, person);
    expect(steps[0]).toBe('Enter your authenticator code');
    await expectHeading(page, 'Welcome to Steward');
    await saveScreenshot(page, 'forgot-password');
    await context.close();
  });
});
