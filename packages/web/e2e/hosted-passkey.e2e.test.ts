// A passkey made in the web app signs in on the hosted page: the person adds a passkey on Settings >
// Profile (on http://localhost, relying party `localhost`), signs out, chooses "Sign in with the
// hosted page" and, on the managed-login origin (https://localhost:<port>, same relying party, other
// origin), signs in with the passkey alone. The page's passkey script (/login-assets/passkey.js)
// runs in real Chromium against the same virtual authenticator, which stays attached to the page
// across the navigations between the two origins.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addVirtualAuthenticator, chromiumForSuite, saveScreenshot } from './browser';
import { signInOnHostedPage } from './hosted-login';
import { addPasskey, expectHeading, newSignedInPerson, signOut } from './people';

/** Every document the page loaded, in order. */
function recordNavigations(page: Page): string[] {
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
  });
  return visited;
}

describe('a passkey on the hosted page', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('signs in on the hosted page with a passkey added in the web app: no password, no code, back in the app', async () => {
    // The managed-login origin has a self-signed development certificate.
    const context = await browser().newContext({ baseURL: baseUrl, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(20_000);
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) consoleErrors.push(`${response.url()}: ${response.status()}`);
    });
    // One authenticator for the whole scenario: the credential lives in it.
    const authenticator = await addVirtualAuthenticator(context, page);
    const person = await newSignedInPerson(page, baseUrl, 'hosted-passkey');
    await addPasskey(page);
    const [registered] = await authenticator.credentials();
    expect(registered).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await signOut(page);

    const visited = recordNavigations(page);
    await page.goto('/login?next=%2Fsettings%2Fsystem');
    await page.getByRole('button', { name: 'Sign in with the hosted page' }).click();
    await page.waitForURL((url) => url.origin !== baseUrl && url.pathname === '/login');
    const managedLoginOrigin = new URL(page.url()).origin;
    expect(managedLoginOrigin.startsWith('https://localhost:')).toBe(true);
    // The authenticator followed the page to the other origin.
    expect(await authenticator.credentials()).toHaveLength(1);

    // Only the script reveals the passkey button; it is there, so the script ran under the CSP.
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor();
    await page.getByRole('textbox', { name: 'Username or email' }).fill(person.username);
    await saveScreenshot(page, 'hosted-passkey-1-sign-in');
    await passkeyButton.click();

    // The WEB_AUTHN form asks the authenticator at once and posts the assertion; the code comes back to the app.
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/settings/system', { timeout: 30_000 });
    await expectHeading(page, 'System');
    expect(page.url()).not.toMatch(/[?&](code|state)=/);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.getByRole('button', { name: /open the user menu/ }).textContent()).toContain('Erin Tester');
    await saveScreenshot(page, 'hosted-passkey-2-files');

    // The hosted pages seen: the sign-in form, its post, the passkey step's post — no password, no TOTP.
    const hosted = visited.filter((url) => url.startsWith(managedLoginOrigin)).map((url) => new URL(url).pathname);
    expect(hosted).toEqual(['/oauth2/authorize', '/login', '/login', '/login/challenge']);
    // The authenticator really signed on the managed-login origin: its counter moved on.
    const [used] = await authenticator.credentials();
    expect(used?.credentialId).toBe(registered?.credentialId);
    expect(used?.signCount ?? 0).toBeGreaterThan(registered?.signCount ?? 0);
    const stored = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')).map((k) => [k.split('.').slice(-1)[0], localStorage.getItem(k)])));
    expect(JSON.parse(stored.oauthMetadata ?? '{}')).toEqual({ oauthSignIn: true });
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((text) => text.startsWith(managedLoginOrigin))).toEqual([]);
    await context.close();
  });

  it('offers the other ways when this device has no passkey for the account: the choice page, then the password and the authenticator code', async () => {
    const context = await browser().newContext({ baseURL: baseUrl, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(20_000);
    const pageErrors: string[] = [];
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    const authenticator = await addVirtualAuthenticator(context, page);
    const person = await newSignedInPerson(page, baseUrl, 'hosted-passkey-elsewhere');
    await addPasskey(page);
    await signOut(page);
    // The account has a passkey, but on another device: this one forgets it.
    await authenticator.clear();

    await page.goto('/login?next=%2Fsettings%2Fsystem');
    await page.getByRole('button', { name: 'Sign in with the hosted page' }).click();
    await page.waitForURL((url) => url.origin !== baseUrl && url.pathname === '/login');
    await page.getByRole('textbox', { name: 'Username or email' }).fill(person.username);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();

    // The device finds nothing: the page says so and offers to try again or another way.
    await expectHeading(page, 'Sign in with your passkey');
    await page.getByText('Passkey sign-in was cancelled. Try again, or use another way to sign in.').waitFor();
    await page.getByRole('button', { name: 'Use my passkey' }).waitFor();
    await saveScreenshot(page, 'hosted-passkey-elsewhere-1-cancelled');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign in another way' }).click()]);

    // The account's ways, the passkey among them (revealed by the script).
    await expectHeading(page, 'Choose how to sign in');
    const ways = page.getByRole('group', { name: 'Ways to sign in' }).getByRole('button');
    await page.getByRole('button', { name: /^Passkey/ }).waitFor();
    expect((await ways.allTextContents()).map((text) => text.replace(/(Passkey|Password|Code by email|Code by text message).*/, '$1'))).toEqual(['Passkey', 'Code by email', 'Password']);
    await saveScreenshot(page, 'hosted-passkey-elsewhere-2-choose');

    // The password: the sign-in form with the name filled in, then the authenticator code, then the app.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: /^Password/ }).click()]);
    await expectHeading(page, 'Sign in');
    expect(await page.getByRole('textbox', { name: 'Username or email' }).inputValue()).toBe(person.username);
    expect(await signInOnHostedPage(page, baseUrl, person)).toEqual(['Enter your authenticator code']);
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/settings/system');
    await expectHeading(page, 'System');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
