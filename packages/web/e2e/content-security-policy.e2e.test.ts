// The app under its Content-Security-Policy (script only from its own origin, no inline script):
// every route renders for a visitor and for the admin with no violation, and an injected inline
// script is blocked and reported to the server's /csp-report. Threat: script injected into a page
// reads the tokens the app keeps in the browser.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PROTECTED_PATHS } from '../src/access/permissions';
import { chromiumForSuite, newContext } from './browser';
import { demoPerson, signIn } from './people';

const baseUrl = inject('baseUrl');
const browser = chromiumForSuite();
const admin = demoPerson('admin', inject('e2eStateDir'));

const VISITOR_ROUTES = ['/login', '/sign-up', '/sign-up/confirm', '/forgot-password', '/forgot-password/confirm', '/not-found', '/error-500', '/no/such/page'];

declare global {
  interface Window {
    /** Violations the page saw (securitypolicyviolation events), recorded by the init script. */
    cspViolations?: string[];
    injectedScriptRan?: boolean;
  }
}

/** A context whose pages record every CSP violation they see. */
async function watchedContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), baseUrl, { width: 1280, height: 900 });
  // Init scripts come through the DevTools protocol: the policy does not apply to them.
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI} in ${event.sourceFile}:${String(event.lineNumber)}`);
    });
  });
  return { context, page: await context.newPage() };
}

/** Goes to `route` inside the running app (no reload: the router follows popstate) and waits for its h1. */
async function visit(page: Page, route: string): Promise<string> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL((url) => url.pathname === route);
  await page.waitForFunction(() => document.querySelector('h1') !== null && document.querySelector('.spinner, .top-progress--active, [data-testid="full-screen-spinner"]') === null);
  return (await page.locator('h1').first().textContent()) ?? '';
}

const violations = (page: Page): Promise<string[]> => page.evaluate(() => window.cspViolations ?? []);

/** The reports the server has counted (development mode lists them). */
async function serverReports(): Promise<{ count: number; recent: { documentUri: string; effectiveDirective: string; blockedUri: string }[] }> {
  return (await (await fetch(`${baseUrl}/dev/csp-reports`)).json()) as { count: number; recent: { documentUri: string; effectiveDirective: string; blockedUri: string }[] };
}

describe('the Content-Security-Policy of the app', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('serves the app under a strict policy, and every visitor route renders without a violation', async () => {
    const { context, page } = await watchedContext();
    contexts.push(context);
    const response = await page.goto('/login');
    const policy = (await response?.headerValue('content-security-policy')) ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("frame-ancestors 'none'");
    await page.getByRole('heading', { level: 1, name: 'Sign in to Steward' }).waitFor();
    for (const route of VISITOR_ROUTES) expect((await visit(page, route)).length, route).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
  });

  it('lets the admin sign in (TOTP, QR code) and open every page without a violation', async () => {
    const { context, page } = await watchedContext();
    contexts.push(context);
    await signIn(page, baseUrl, admin, { path: '/login' });
    const headings: string[] = [];
    for (const route of PROTECTED_PATHS) headings.push(await visit(page, route));
    expect(headings.filter((h) => h === 'Something went wrong')).toEqual([]);
    expect(await violations(page)).toEqual([]);
  }, 180_000);

  it('blocks an injected inline script and reports the violation to the server', async () => {
    const { context, page } = await watchedContext();
    contexts.push(context);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in to Steward' }).waitFor();
    const before = await serverReports();

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.body.appendChild(script);
    });
    await page.waitForFunction(() => (window.cspViolations ?? []).length > 0);
    expect(await page.evaluate(() => window.injectedScriptRan)).toBeUndefined();
    expect((await violations(page))[0]).toMatch(/^script-src-elem blocked inline/);

    await expect.poll(async () => (await serverReports()).count, { timeout: 15_000 }).toBe(before.count + 1);
    expect((await serverReports()).recent[0]).toMatchObject({ documentUri: `${baseUrl}/login`, effectiveDirective: 'script-src-elem', blockedUri: 'inline' });
  });
});
