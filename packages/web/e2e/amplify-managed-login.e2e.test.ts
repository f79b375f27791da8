// aws-amplify v6, configured with Amplify's own config shape, in Chromium against Steward over
// HTTPS: signInWithRedirect → the hosted login page (with TOTP) → back in the app with tokens;
// fetchAuthSession({ forceRefresh: true }) with refresh-token rotation off and on; signOut through
// the hosted /logout. The page is e2e/amplify-page, built here and served by the server as its app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForSuite, saveScreenshot } from './browser';
import { signInOnHostedPage } from './hosted-login';
import { newPerson } from './people';
import { startServer, type RunningServer } from './server';

const PAGE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'amplify-page');

function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function amplifyReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { amplifyReady?: boolean }).amplifyReady === true);
}

interface SessionView {
  accessToken: string | undefined;
  idToken: string | undefined;
  sub: string | undefined;
}

const session = (page: Page, forceRefresh: boolean): Promise<SessionView> =>
  page.evaluate((force) => (window as unknown as { amplify: { session(f: boolean): Promise<SessionView> } }).amplify.session(force), forceRefresh);

beforeAll(async () => {
  await build({ configFile: path.join(PAGE_DIR, 'vite.config.ts'), logLevel: 'warn' });
}, 120_000);

describe.each([
  { rotation: 'disabled' as const },
  { rotation: 'enabled' as const },
])('aws-amplify managed login (refresh-token rotation $rotation)', ({ rotation }) => {
  const browser = chromiumForSuite();
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ publicHost: 'localhost', webDistDir: path.join(PAGE_DIR, 'dist'), env: { REFRESH_TOKEN_ROTATION: rotation, REFRESH_TOKEN_ROTATION_GRACE_SECONDS: '0' } });
  }, 120_000);
  afterAll(async () => {
    await server.stop();
  });

  it('signs in with signInWithRedirect through the hosted page and TOTP, refreshes, and signs out through /logout', async () => {
    // The managed-login origin has a self-signed development certificate.
    const context = await browser().newContext({ baseURL: server.baseUrl, ignoreHTTPSErrors: true });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.message}`));
    await page.goto('/');
    await amplifyReady(page);

    // Navigation away starts inside the call: its promise never settles in this page.
    void page.evaluate(() => (window as unknown as { amplify: { signInWithRedirect(): Promise<void> } }).amplify.signInWithRedirect()).catch(() => undefined);
    await page.waitForURL((url) => url.origin === new URL(server.managedLoginUrl).origin);
    // A demo user of the development seed: its first sign-in sets up TOTP on the hosted page.
    const person = { ...newPerson('amplify'), username: 'staff', password: 'Staff-Passw0rd!', email: 'staff@steward.example.com', phone: '+15555550101' };
    await signInOnHostedPage(page, server.baseUrl, person);

    await page.waitForURL((url) => url.origin === server.baseUrl && !url.searchParams.has('code'));
    await amplifyReady(page);
    await page.waitForFunction(() => (window as unknown as { amplify: { events: string[] } }).amplify.events.includes('signInWithRedirect'));
    const first = await session(page, false);
    expect(first.accessToken).toBeDefined();
    expect(first.idToken).toBeDefined();
    const claims = decodeJwt(first.accessToken ?? '');
    expect(claims.username).toBe(person.username);
    expect(String(claims.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'aws.cognito.signin.user.admin']));
    expect(await page.evaluate(() => (window as unknown as { amplify: { username(): Promise<string | null> } }).amplify.username())).toBe(person.username);

    const storedRefreshToken = async (): Promise<string | null> =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((name) => name.endsWith('.refreshToken'));
        return key === undefined ? null : localStorage.getItem(key);
      });
    const refreshBefore = await storedRefreshToken();
    expect(refreshBefore).not.toBeNull();
    const refreshed = await session(page, true);
    expect(refreshed.accessToken).toBeDefined();
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(refreshed.sub).toBe(first.sub);
    const refreshAfter = await storedRefreshToken();
    if (rotation === 'enabled') expect(refreshAfter).not.toBe(refreshBefore);
    else expect(refreshAfter).toBe(refreshBefore);
    // A second forced refresh works with whatever token the first left behind.
    expect((await session(page, true)).accessToken).toBeDefined();

    // Through the hosted /logout and back to the app's sign-out URL.
    const managedLoginOrigin = new URL(server.managedLoginUrl).origin;
    const logout = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(`${managedLoginOrigin}/logout?`));
    const backInApp = page.waitForResponse((response) => response.request().isNavigationRequest() && response.url().startsWith(`${server.baseUrl}/`));
    void page.evaluate(() => (window as unknown as { amplify: { signOut(): Promise<void> } }).amplify.signOut()).catch(() => undefined);
    const logoutUrl = new URL((await logout).url());
    expect(logoutUrl.searchParams.get('logout_uri')).toBe(`${server.baseUrl}/`);
    await backInApp;
    await page.waitForLoadState('load');
    await amplifyReady(page);
    expect(await page.evaluate(() => (window as unknown as { amplify: { username(): Promise<string | null> } }).amplify.username())).toBeNull();
    await saveScreenshot(page, `amplify-managed-login-${rotation}`);
    await context.close();
  });
});
