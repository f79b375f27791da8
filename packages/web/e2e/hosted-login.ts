// Signing in on the managed-login origin's hosted page in Chromium, as a person would: the
// username/password form, then each step the page shows (TOTP setup with its key, codes).
import type { Page } from 'playwright-core';
import { saveScreenshot } from './browser';
import { latestCode } from './outbox';
import type { Person } from './people';
import { Authenticator } from './totp';

/** Answers the hosted page's forms until it sends the browser back to `appUrl`'s origin; returns the headings seen. */
export async function signInOnHostedPage(page: Page, appUrl: string, person: Person, options: { screenshots?: string } = {}): Promise<string[]> {
  const appOrigin = new URL(appUrl).origin;
  const seen: string[] = [];
  await page.getByRole('textbox', { name: 'Username or email' }).fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  // Every answer is a form post answered by a new document (a page, or redirects back to the app).
  const submit = async (click: () => Promise<void>): Promise<void> => {
    await Promise.all([page.waitForEvent('load'), click()]);
  };
  await submit(() => page.getByRole('button', { name: 'Sign in', exact: true }).click());
  for (let round = 0; round < 8; round++) {
    await page.waitForLoadState('domcontentloaded');
    if (new URL(page.url()).origin === appOrigin) return seen;
    const title = ((await page.locator('h1').first().textContent()) ?? '').trim();
    seen.push(title);
    if (options.screenshots !== undefined) await saveScreenshot(page, `${options.screenshots}-${seen.length}`);
    const since = new Date(Date.now() - 2000);
    switch (title) {
      case 'Set up a second sign-in step':
        await submit(() => page.getByRole('button', { name: /Authenticator app/ }).click());
        break;
      case 'Set up your authenticator app': {
        person.authenticator = new Authenticator(((await page.locator('.totp-setup__secret').textContent()) ?? '').replace(/\s+/g, ''), person.totpStateFile);
        await page.getByRole('textbox', { name: 'Code from the app' }).fill(await person.authenticator.code());
        await submit(() => page.getByRole('button', { name: 'Confirm' }).click());
        break;
      }
      case 'Enter your authenticator code':
        person.authenticator ??= person.totpStateFile === undefined ? undefined : Authenticator.load(person.totpStateFile);
        if (person.authenticator === undefined) throw new Error('asked for a TOTP code before TOTP was set up');
        await page.getByRole('textbox', { name: 'Authenticator code' }).fill(await person.authenticator.code());
        await submit(() => page.locator('form button[type="submit"]').first().click());
        break;
      case 'Enter the code we emailed you':
        await page.getByRole('textbox', { name: 'Code from the email' }).fill(await latestCode(appUrl, person.email, since));
        await submit(() => page.locator('form button[type="submit"]').first().click());
        break;
      default:
        throw new Error(`unexpected hosted page "${title}" at ${page.url()} (seen: ${seen.join(' > ')})`);
    }
  }
  throw new Error(`the hosted sign-in did not finish (seen: ${seen.join(' > ')})`);
}
