import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { expectHeading, newSignedInPerson, signIn, signOut } from './people';

describe('SMS MFA', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('signs in with a code sent by text message once text messages are the preferred check', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const person = await newSignedInPerson(page, baseUrl, 'sms');

    await page.goto('/settings/profile');
    const textMessage = page.getByRole('radio', { name: /Text message/ });
    // The choice is saved with the provider first, so the radio changes once it answers.
    await textMessage.click();
    await page.getByText('Text message is now your preferred sign-in check.').waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="preferred-mfa"][value="SMS"]')?.checked === true);

    await signOut(page);
    const steps = await signIn(page, baseUrl, person);
    expect(steps[0]).toBe('Check your phone');
    await expectHeading(page, 'Welcome to Steward');
    await saveScreenshot(page, 'sign-in-with-sms-mfa');
    await context.close();
  });
});
