// The web app's "Sign in with the hosted page": /login → the managed-login origin's hosted page
// (over HTTPS) → TOTP → back in the app on the page asked for, with a session recorded; a forced
// token refresh; sign-out through the hosted /logout (spec: "goes through the hosted logout page
// if OAuth sign-in was used").
import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, saveScreenshot } from './browser';
import { signInOnHostedPage } from './hosted-login';
import { expectHeading, newSignedInPerson, signOut } from './people';

describe('managed login from the web app', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('signs in on the hosted page with TOTP, lands on the page asked for, and signs out through /logout', async () => {
    // The managed-login origin has a self-signed development certificate.
    const context = await browser().newContext({ baseURL: baseUrl, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const person = await newSignedInPerson(page, baseUrl, 'hosted');
    await signOut(page);

    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(request.url());
    });
    await page.goto('/login?next=%2Fsettings%2Fsystem');
    await page.getByRole('button', { name: 'Sign in with the hosted page' }).click();
    await page.waitForURL((url) => url.origin !== baseUrl && url.pathname === '/login');
    const managedLoginOrigin = new URL(page.url()).origin;
    expect(managedLoginOrigin.startsWith('https://')).toBe(true);
    const steps = await signInOnHostedPage(page, baseUrl, person, { screenshots: 'hosted-sign-in' });
    expect(steps).toEqual(['Enter your authenticator code']);

    // Back on the app: the code is exchanged, the session recorded, and the page asked for opens.
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/settings/system');
    await expectHeading(page, 'System');
    expect(page.url()).not.toMatch(/[?&](code|state)=/);
    const stored = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')).map((k) => [k.split('.').slice(-1)[0], localStorage.getItem(k)])));
    expect(JSON.parse(stored.oauthMetadata ?? '{}')).toEqual({ oauthSignIn: true });
    expect(stored.refreshToken).toBeTruthy();
    await saveScreenshot(page, 'hosted-sign-in-system');

    // The session survives a reload (the startup check finds the recorded session).
    await page.reload();
    await expectHeading(page, 'System');

    visited.length = 0;
    await signOut(page);
    expect(visited.some((url) => url.startsWith(`${managedLoginOrigin}/logout?`))).toBe(true);
    const logout = new URL(visited.find((url) => url.startsWith(`${managedLoginOrigin}/logout?`)) ?? '');
    expect(new URL(logout.searchParams.get('logout_uri') ?? '').origin).toBe(baseUrl);
    await context.close();
  });
});
