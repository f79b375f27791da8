import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { expectHeading, finishSignIn, newPerson, newSignedInPerson, signIn, signOut, signUp } from './people';

describe('routing', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('sends a protected deep link to /login?next= and back to it after sign-in', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const person = await newSignedInPerson(page, baseUrl, 'deeplink');
    await signOut(page);

    await page.goto('/mortgages/estimator?amount=250000');
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/mortgages/estimator?amount=250000');
    await signIn(page, baseUrl, person);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/mortgages/estimator?amount=250000');
    await expectHeading(page, 'Estimator');
    await saveScreenshot(page, 'deep-link-after-sign-in');
    await context.close();
  });

  it('does not follow an off-site next after sign-in', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const person = newPerson('open-redirect');
    // Sign-up leaves the first sign-in waiting at its MFA step; /login resumes it.
    await signUp(page, baseUrl, person);
    await page.goto('/login?next=https%3A%2F%2Fevil.example%2F');
    await finishSignIn(page, baseUrl, person);
    expect(new URL(page.url()).origin).toBe(baseUrl);
    expect(new URL(page.url()).pathname).toBe('/');
    await saveScreenshot(page, 'off-site-next-refused');
    await context.close();
  });

  it('shows page-not-found for an unknown path', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expectHeading(page, 'Page not found');
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await saveScreenshot(page, 'unknown-path-not-found');
    await context.close();
  });
});
