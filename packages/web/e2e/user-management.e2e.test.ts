// Settings > User management and the Profile details in Chromium against the real server: statuses
// read as words, every row's actions are in view at 1440 px with both sidebars open, a too-long
// username is answered next to the field, users join and leave groups, and a blank or absurdly long
// first name is refused next to the field instead of blanking the name.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext } from './browser';
import { demoPerson, expectHeading, signIn } from './people';

const baseUrl = inject('baseUrl');
const browser = chromiumForSuite();
const admin = demoPerson('admin', inject('e2eStateDir'));

/** The error text tied to the input labelled `label` (through aria-describedby), or '' when none. */
async function fieldError(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
}

describe('user management and profile details in Chromium', () => {
  let page: Page;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const context = await newContext(browser(), baseUrl, { width: 1440, height: 900 });
    close = () => context.close();
    page = await context.newPage();
    await signIn(page, baseUrl, admin, { path: '/login?next=%2Fsettings%2Fuser-management' });
    await expectHeading(page, 'User management');
    await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
  });

  afterAll(async () => {
    await close();
  });

  it('shows user statuses in words, not Cognito codes', async () => {
    const table = page.getByRole('table', { name: 'Users' });
    const text = (await table.textContent()) ?? '';
    expect(text).not.toMatch(/FORCE_CHANGE_PASSWORD|CONFIRMED|UNCONFIRMED|RESET_REQUIRED/);
    expect(text).toContain('Confirmed');
  });

  it('answers a username over 128 characters next to the username field, in plain words', async () => {
    await page.getByLabel('Username', { exact: true }).fill('u'.repeat(200));
    await page.getByLabel('Email address', { exact: true }).fill('long-name@example.com');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => fieldError(page, 'Username')).toContain('at most 128 characters');
    expect(await page.locator('main').textContent()).not.toContain('server logs');
    await page.getByLabel('Username', { exact: true }).fill('');
    await page.getByLabel('Email address', { exact: true }).fill('');
  });

  it('adds a user to a group and removes them again', async () => {
    // A long name and address, as real ones can be: the row must still fit its actions.
    const username = `e2e-groups-${randomBytes(3).toString('hex')}-${'long'.repeat(12)}`;
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email address', { exact: true }).fill(`${username}@example.com`);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText(`${username} is created.`).waitFor();

    // The new user may be on a later page: filter by paging until the row shows.
    const row = page.getByRole('row').filter({ hasText: username });
    while ((await row.count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
    await row.getByRole('button', { name: `Groups ${username}` }).click();
    const editor = page.getByRole('group', { name: `Groups of ${username}` });
    await editor.getByRole('checkbox', { name: 'Admins' }).check();
    await page.getByText(`${username} is added to Admins.`).waitFor();
    await expect.poll(async () => (await row.getByRole('cell').nth(4).textContent()) ?? '').toContain('Admins');

    await editor.getByRole('checkbox', { name: 'Admins' }).uncheck();
    await page.getByText(`${username} is removed from Admins.`).waitFor();
    await expect.poll(async () => (await row.getByRole('cell').nth(4).textContent()) ?? '').not.toContain('Admins');
  });

  it('keeps every row action in view at 1440 px with the menu and the activity sidebar open, even beside a long username', async () => {
    const bell = page.locator('.top-bar__bell');
    if ((await bell.getAttribute('aria-expanded')) === 'false') await bell.click();
    const cut = await page.locator('.table-wrap').first().evaluate((wrap) => {
      const box = wrap.getBoundingClientRect();
      return Array.from(wrap.querySelectorAll('tbody button'))
        .filter((button) => {
          const rect = button.getBoundingClientRect();
          return rect.right > box.right + 1 || rect.left < box.left - 1 || rect.right > window.innerWidth;
        })
        .map((button) => button.textContent);
    });
    expect(cut).toEqual([]);
  });

  it('refuses a first name of spaces and a 10 000-character one next to the field, keeping the saved name', async () => {
    await page.goto('/settings/profile');
    await expectHeading(page, 'Profile');
    const first = page.getByLabel('First name', { exact: true });
    await first.waitFor();
    const saved = await first.inputValue();

    await first.fill('    ');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => fieldError(page, 'First name')).toContain('Enter your first name');

    await first.fill('x'.repeat(10_000));
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => fieldError(page, 'First name')).toContain('at most 100 characters');
    expect(await page.locator('main').textContent()).not.toMatch(/validation error|failed to satisfy/);

    await page.reload();
    await expectHeading(page, 'Profile');
    await page.getByLabel('First name', { exact: true }).waitFor();
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe(saved);
  });

  it('lists a sign-in answered "Not now" under recent sign-ins, named by browser and system, not as a remembered device', async () => {
    // The admin signed in above choosing "Not now" at "Remember this device?".
    await page.goto('/settings/profile');
    await expectHeading(page, 'Profile');
    const recent = page.getByRole('list', { name: 'Recent sign-ins' });
    await recent.getByRole('listitem').first().waitFor();
    const names = await recent.locator('strong').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^[A-Za-z ]+ on Linux$/);
    expect(await page.getByRole('list', { name: 'Remembered devices' }).count()).toBe(0);
    expect((await page.getByRole('region', { name: 'Remembered devices' }).textContent()) ?? '').not.toContain('Mozilla/');
  });
});
