// Issue 21 in the browser: the server's refusals show by the field or action they concern — a
// client number already taken (Database), a session length outside the policy typed into Other
// settings (System) — and an administrator is not offered disabling their own account.
import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { demoPerson, expectHeading, signIn } from './people';

describe('settings refusals', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it("refuses giving a client another client's number, with the reason by the Client number field", async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await signIn(page, baseUrl, demoPerson('staff', inject('e2eStateDir')), { path: '/login' });
    await page.goto('/settings/database');
    await expectHeading(page, 'Database');
    await page.getByRole('button', { name: 'Edit Birch Credit Union' }).click();
    const number = page.getByLabel('Client number');
    await number.fill('C-1001');
    await page.getByRole('button', { name: 'Save client' }).click();
    const message = 'Client number C-1001 already belongs to another client. A client number names one client: choose another.';
    // The field's own error text, tied to the input for screen readers.
    await expect.poll(async () => number.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await number.getAttribute('aria-describedby');
    await expect.poll(async () => page.locator(`[id="${String(describedBy).split(' ').pop()}"]`).textContent()).toContain(message);
    await saveScreenshot(page, 'database-duplicate-client-number');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => page.getByRole('row', { name: /Birch Credit Union/ }).textContent()).toContain('C-2002');
    await context.close();
  });

  it('refuses sessionLength = 99999999 typed into Other settings, with the bounds by the Value field', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await signIn(page, baseUrl, demoPerson('staff', inject('e2eStateDir')), { path: '/login' });
    await page.goto('/settings/system');
    await expectHeading(page, 'System');
    const form = page.getByRole('form', { name: 'Other setting' });
    await form.getByLabel('Setting').fill('sessionLength');
    await form.getByLabel('Value').fill('99999999');
    await form.getByRole('button', { name: 'Save setting' }).click();
    await form.getByText('sessionLength must be from 60 to 86400 seconds; it was not saved.').waitFor();
    expect(await form.getByLabel('Value').getAttribute('aria-invalid')).toBe('true');
    await saveScreenshot(page, 'system-other-settings-session-length-refused');
    // Nothing was stored: the current configuration does not show the value.
    expect(await page.getByTestId('current-settings').textContent()).not.toContain('99999999');
    await context.close();
  });

  it("does not offer an administrator Disable on their own row, and says why", async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await signIn(page, baseUrl, demoPerson('admin', inject('e2eStateDir')), { path: '/login' });
    await page.goto('/settings/user-management');
    await expectHeading(page, 'User management');
    const own = page.getByRole('button', { name: 'Disable admin (your own account cannot be disabled)' });
    await own.waitFor();
    expect(await own.isDisabled()).toBe(true);
    expect(await own.getAttribute('title')).toBe('You cannot disable your own account.');
    expect(await page.getByRole('button', { name: 'Disable staff', exact: true }).isDisabled()).toBe(false);
    await context.close();
  });
});
