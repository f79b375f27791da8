// The shell's search and activity sidebar in Chromium at the widths people use: a search that finds
// nothing says so on screen, below 600 px a Search button opens the search, and the activity
// sidebar closes when the window narrows past the layout breakpoint instead of covering the content.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext } from './browser';
import { demoPerson, expectHeading, signIn } from './people';

const baseUrl = inject('baseUrl');
const browser = chromiumForSuite();
const staff = demoPerson('staff', inject('e2eStateDir'));

/** Two animation frames: media queries answer asynchronously and React re-renders the shell after. */
async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

describe('search and the activity sidebar in Chromium', () => {
  let page: Page;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const context = await newContext(browser(), baseUrl, { width: 1440, height: 900 });
    close = () => context.close();
    page = await context.newPage();
    await signIn(page, baseUrl, staff, { path: '/login?next=%2Fmortgages%2Festimator' });
    await expectHeading(page, 'Estimator');
  });

  afterAll(async () => {
    await close();
  });

  it('shows "No results" on screen when nothing matches', async () => {
    const search = page.getByRole('combobox', { name: 'Search pages, accounts and tickets' });
    await search.fill('qqzzxxnothing');
    const empty = page.getByText('No results for “qqzzxxnothing”.');
    await empty.waitFor({ state: 'visible' });
    expect(await empty.isVisible()).toBe(true);
    await search.fill('');
  });

  it('closes the activity sidebar when the window narrows below the layout breakpoint', async () => {
    const bell = page.locator('.top-bar__bell');
    if ((await bell.getAttribute('aria-expanded')) === 'false') await bell.click();
    expect(await page.locator('.right-sidebar').isVisible()).toBe(true);
    await page.setViewportSize({ width: 900, height: 900 });
    await frames(page);
    await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.right-sidebar').isVisible()).toBe(false);
  });

  it('offers a Search button below 600 px that opens a working search', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await frames(page);
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await button.waitFor({ state: 'visible' });
    await button.click();
    const search = page.getByRole('combobox', { name: 'Search pages, accounts and tickets' });
    await expect.poll(() => search.isVisible()).toBe(true);
    const box = await search.boundingBox();
    // Across the width of the screen, not squeezed beside the bar's buttons.
    expect(box?.width ?? 0).toBeGreaterThan(250);
    await search.fill('Profile');
    await page.getByRole('option', { name: /Profile/ }).first().click();
    await expectHeading(page, 'Profile');
  });
});
