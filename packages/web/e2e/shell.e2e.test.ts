import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { newSignedInPerson } from './people';

describe('the shell', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('keeps the side menu collapsed at 1024 px and lets it open above that width', async () => {
    const context = await newContext(browser(), baseUrl, { width: 1024, height: 768 });
    const page = await context.newPage();
    await newSignedInPerson(page, baseUrl, 'shell');
    await page.goto('/mortgages/estimator');
    const nav = page.locator('#side-menu');
    const toggle = page.locator('#side-menu-toggle');

    expect(await nav.getAttribute('data-state')).toBe('collapsed');
    await page.waitForFunction(() => document.getElementById('side-menu')?.getBoundingClientRect().width === 64);
    await toggle.click();
    // At 1024 px the menu opens over the content; the docked menu stays collapsed.
    expect(await nav.getAttribute('data-state')).toBe('overlay');
    expect((await page.locator('.shell__body').boundingBox())?.x).toBe(64);
    await page.keyboard.press('Escape');
    expect(await nav.getAttribute('data-state')).toBe('collapsed');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => document.getElementById('side-menu')?.dataset.state === 'collapsed');
    await toggle.click();
    expect(await nav.getAttribute('data-state')).toBe('expanded');
    // The width animates for 150 ms.
    await page.waitForFunction(() => document.getElementById('side-menu')?.getBoundingClientRect().width === 248);
    expect((await page.locator('.shell__body').boundingBox())?.x).toBe(248);
    await page.getByRole('link', { name: 'Estimator' }).waitFor();
    await saveScreenshot(page, 'side-menu-expanded-at-1280');

    // Narrowing the window to 1024 px collapses it again (the media query fires asynchronously).
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForFunction(() => document.getElementById('side-menu')?.dataset.state === 'collapsed');
    await context.close();
  });

  it('follows the system dark mode', async () => {
    const context = await browser().newContext({ baseURL: baseUrl, colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username or email').waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 20, 28)');
    await saveScreenshot(page, 'login-dark-mode');
    await context.close();
  });
});
