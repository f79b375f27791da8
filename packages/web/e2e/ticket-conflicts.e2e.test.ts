// Issue 21, the lost update on tickets: staff and an admin open the same ticket; staff changes the
// status and comments; the admin, on the page opened before, changes the status and comments too.
// Both comments must survive, and the admin's stale status save must show the "changed by someone
// else" state (Reload / Keep mine) instead of silently overwriting staff's save.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { demoPerson, expectHeading, signIn } from './people';

const CONFLICT = 'This ticket was changed by someone else';

/** The comment texts the ticket page lists, in order. */
async function commentTexts(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Comments' }).locator('p').allTextContents();
}

/** Picks a status in the ticket page's status list and waits until the save settled (list enabled again). */
async function chooseStatus(page: Page, label: string): Promise<void> {
  const select = page.getByLabel('Change status');
  await select.selectOption({ label });
  await page.waitForFunction(() => (document.getElementById('ticket-status') as HTMLSelectElement | null)?.disabled === false);
}

/** Adds a comment and waits until the page lists it. */
async function addComment(page: Page, text: string): Promise<void> {
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Add comment' }).click();
  await page.getByRole('list', { name: 'Comments' }).locator('p', { hasText: text }).waitFor();
}

describe('two people editing one ticket', () => {
  const baseUrl = inject('baseUrl');
  const browser = chromiumForSuite();

  it('keeps both comments and shows the admin the conflict instead of overwriting the status staff saved', async () => {
    const staffContext = await newContext(browser(), baseUrl);
    const adminContext = await newContext(browser(), baseUrl);
    try {
      const staff = await staffContext.newPage();
      const admin = await adminContext.newPage();
      await signIn(staff, baseUrl, demoPerson('staff', inject('e2eStateDir')), { path: '/login' });
      await signIn(admin, baseUrl, demoPerson('admin', inject('e2eStateDir')), { path: '/login' });

      // Staff opens a new ticket.
      const subject = `Lost update ${randomBytes(3).toString('hex')}`;
      await staff.goto('/apps/helpdesk/tickets');
      await expectHeading(staff, 'Helpdesk tickets');
      const form = staff.getByRole('form', { name: 'New ticket' });
      await form.getByLabel('Subject').fill(subject);
      await form.getByRole('button', { name: 'Create ticket' }).click();
      await staff.getByRole('link', { name: subject }).click();
      await expectHeading(staff, 'Ticket');
      const ticketUrl = staff.url();

      // Both have the ticket open at the same version.
      await admin.goto(ticketUrl);
      await expectHeading(admin, 'Ticket');
      await admin.getByText('No comments yet.').waitFor();

      // Staff sets a status and adds comment A.
      await chooseStatus(staff, 'In progress');
      await addComment(staff, 'Comment A from staff');

      // The admin, on the page opened before, sets another status: refused, and the page says why.
      await chooseStatus(admin, 'Resolved');
      await admin.getByRole('heading', { name: CONFLICT }).waitFor();
      await saveScreenshot(admin, 'ticket-conflict');
      // Reload: the admin's change is dropped and staff's status shows.
      await admin.getByRole('button', { name: 'Reload', exact: true }).click();
      await admin.getByRole('heading', { name: CONFLICT }).waitFor({ state: 'detached' });
      expect(await admin.getByLabel('Change status').inputValue()).toBe('IN_PROGRESS');

      // Staff changes the status again; the admin's next stale save conflicts again, and "Keep mine" applies it on top.
      await chooseStatus(staff, 'Waiting');
      await chooseStatus(admin, 'Resolved');
      await admin.getByRole('heading', { name: CONFLICT }).waitFor();
      await admin.getByRole('button', { name: 'Keep mine' }).click();
      await admin.getByRole('heading', { name: CONFLICT }).waitFor({ state: 'detached' });
      expect(await admin.getByLabel('Change status').inputValue()).toBe('RESOLVED');

      // The admin adds comment B from the page that never showed comment A: it is appended, not a replacement.
      await addComment(admin, 'Comment B from admin');

      for (const page of [staff, admin]) {
        await page.reload();
        await expectHeading(page, 'Ticket');
        await page.getByRole('list', { name: 'Comments' }).locator('p', { hasText: 'Comment B from admin' }).waitFor();
        expect(await commentTexts(page)).toEqual(['Comment A from staff', 'Comment B from admin']);
        expect(await page.getByLabel('Change status').inputValue()).toBe('RESOLVED');
      }
      // The server stamped each comment with its author.
      const authors = await staff.getByRole('list', { name: 'Comments' }).locator('strong').allTextContents();
      expect(authors).toHaveLength(2);
      expect(authors[0]).not.toBe(authors[1]);
    } finally {
      await staffContext.close();
      await adminContext.close();
    }
  }, 240_000);
});
