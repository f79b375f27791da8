import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { expectHeading, newSignedInPerson, signIn } from './people';

/** Moves the end of the signed-in user's active session records into the past, through the data API as that user. */
async function endSessionsNow(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.accessToken'));
    const token = key === undefined ? null : localStorage.getItem(key);
    if (token === null) throw new Error('no access token in storage');
    const config = (await (await fetch('/runtime-config.json')).json()) as { graphqlEndpoint: string };
    const call = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await fetch(config.graphqlEndpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
      const body = (await response.json()) as { data?: Record<string, { items?: { id: string }[] }>; errors?: unknown[] };
      if (body.errors !== undefined) throw new Error(JSON.stringify(body.errors));
      return body.data ?? {};
    };
    const listed = await call('query { listSessionMdls(filter: { isActive: { eq: true } }, limit: 20) { items { id } } }');
    const items = listed.listSessionMdls?.items ?? [];
    const past = Math.floor(Date.now() / 1000) - 5;
    for (const item of items) {
      await call('mutation ($input: UpdateSessionMdlInput!) { updateSessionMdl(input: $input) { id } }', { input: { id: item.id, sessionEnd: past } });
    }
    return items.length;
  });
}

describe('sessions', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('shows the expired-session toast and reaches /login about 1 second later', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await newSignedInPerson(page, baseUrl, 'expiry');
    await page.goto('/settings/system');
    await expectHeading(page, 'System');
    expect(await endSessionsNow(page)).toBe(1);

    // Times are taken in the page, every frame: the toast appearing, then the address becoming /login.
    await page.addInitScript(() => {
      const marks: { toast?: number; login?: number } = {};
      (window as unknown as { expiryMarks: typeof marks }).expiryMarks = marks;
      const check = (): void => {
        const now = performance.now();
        if (marks.toast === undefined && document.body?.textContent?.includes('Your session has expired. Please sign in again.') === true) marks.toast = now;
        if (marks.toast !== undefined && marks.login === undefined && location.pathname === '/login') marks.login = now;
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.reload();
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    // The marks are taken on animation frames: wait for the frame that saw /login (it can come after waitForURL).
    await page.waitForFunction(() => (window as unknown as { expiryMarks: { login?: number } }).expiryMarks.login !== undefined);
    const marks = await page.evaluate(() => (window as unknown as { expiryMarks: { toast?: number; login?: number } }).expiryMarks);
    const waited = (marks.login ?? 0) - (marks.toast ?? Number.NaN);
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(2500);
    // Plain /login: the page left behind is not carried along after an expiry.
    expect(new URL(page.url()).search).toBe('');
    // Both token cookies are gone.
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name.endsWith('.idToken') || cookie.name.endsWith('.accessToken'))).toEqual([]);
    await page.getByLabel('Username or email').waitFor();
    await saveScreenshot(page, 'expired-session-toast-then-login');
    await context.close();
  });

  it('ends the first session when the same user signs in elsewhere', async () => {
    const first = await newContext(browser(), baseUrl);
    const firstPage = await first.newPage();
    const person = await newSignedInPerson(firstPage, baseUrl, 'elsewhere');
    await expectHeading(firstPage, 'Welcome to Steward');
    const tokenCookies = (await first.cookies()).filter((cookie) => cookie.name.endsWith('.idToken') || cookie.name.endsWith('.accessToken'));
    expect(tokenCookies).toHaveLength(2);

    const second = await newContext(browser(), baseUrl);
    const secondPage = await second.newPage();
    await signIn(secondPage, baseUrl, person, { path: '/login' });
    await expectHeading(secondPage, 'Welcome to Steward');

    await firstPage.reload();
    await firstPage.waitForURL((url) => url.pathname === '/login');
    await firstPage.getByText('You signed in somewhere else, so this session has ended. Please use your credentials to sign in.').waitFor();

    await secondPage.reload();
    await expectHeading(secondPage, 'Welcome to Steward');
    await saveScreenshot(firstPage, 'first-session-ended-by-second-sign-in');
    await first.close();
    await second.close();
  });
});
