// The campaign scheduler in Chromium against the real server and its seeded debtors (across US time
// zones, one who asked not to be contacted, disputed accounts): the demo staff user creates a
// campaign, builds its plan, reads the day counts on the calendar and a refused contact's reason;
// the demo client user is refused the page without its data ever being asked for.
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { demoPerson, expectHeading, signIn } from './people';

const baseUrl = inject('baseUrl');
const browser = chromiumForSuite();

const staff = demoPerson('staff', inject('e2eStateDir'));
const client = demoPerson('client', inject('e2eStateDir'));

/** The date `days` days after today in New York (the campaign's zone), as the date input takes it. */
function newYorkDate(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
  return parts;
}

describe('the campaign scheduler', () => {
  it('lets staff create a campaign, build its plan and read each day with the reasons for refusals', async () => {
    const context = await newContext(browser(), baseUrl, { width: 1280, height: 900 });
    const page = await context.newPage();
    await signIn(page, baseUrl, staff, { path: '/login?next=%2Fapps%2Fcampaigns%2Fscheduler' });
    await expectHeading(page, 'Campaign scheduler');

    const name = `E2E calls ${randomBytes(3).toString('hex')}`;
    await page.getByRole('button', { name: 'New campaign' }).click();
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Campaign name').fill(name);
    await form.getByLabel('Channel').selectOption('call');
    // Early-morning New York hours: consumers further west are still outside 08:00–21:00 their time.
    await form.getByLabel('First day').fill(newYorkDate(1));
    await form.getByLabel('Last day').fill(newYorkDate(7));
    await form.getByLabel('Time zone of the daily windows').selectOption('America/New_York');
    await form.getByLabel('Window 1 starts').fill('08:00');
    await form.getByLabel('Window 1 ends').fill('10:00');
    // The seeded accounts are 35 days past due or more; accounts other files import have no delinquency date.
    await form.getByLabel('Days past due from').fill('30');
    // A mistake first: the field says what is wrong and nothing is created.
    await form.getByLabel('Balance from ($)').fill('12.345');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await form.getByText('Type an amount like 1,250.00 (dollars and at most two decimals).').waitFor();
    await form.getByLabel('Balance from ($)').fill('');
    await form.getByRole('button', { name: 'Create campaign' }).click();

    // The new campaign opens; it is in the list, newest first.
    const detail = page.getByRole('region', { name });
    await detail.waitFor();
    const list = page.getByRole('table', { name: 'Campaigns, newest first' });
    expect(await list.getByRole('row').nth(1).locator('td').first().textContent()).toBe(name);

    await detail.getByRole('button', { name: 'Build plan' }).click();
    const summary = detail.getByRole('status').filter({ hasText: 'Plan built:' });
    await summary.waitFor();
    const words = (await summary.textContent()) ?? '';
    const [, planned = '0', refused = '0'] = /Plan built: (\d+) planned, (\d+) refused/.exec(words) ?? [];
    expect(Number(planned)).toBeGreaterThan(0);
    expect(Number(refused)).toBeGreaterThan(0);

    // Each day button says its counts; the calendar's counts add up to the summary's.
    const days = detail.getByRole('button', { name: /^\d{1,2} \w+ \d{4}: \d+ planned/ });
    await days.first().waitFor();
    // Each button's name is its visually hidden text (the digits beside it are for the eye).
    const labels = await days.locator('.visually-hidden').allTextContents();
    const total = (what: string): number => labels.reduce((sum, label) => sum + Number(new RegExp(`(\\d+) ${what}`).exec(label)?.[1] ?? 0), 0);
    // The calendar shows one month: a plan that crosses into the next month counts the rest there.
    expect(total('planned')).toBeLessThanOrEqual(Number(planned));
    expect(total('planned') + total('refused')).toBeGreaterThan(0);
    await saveScreenshot(page, 'campaign-scheduler-calendar');

    // A day with a refusal: its contacts by time, and the refusal in words.
    const refusedDay = detail.getByRole('button', { name: /refused/ }).first();
    const dayLabel = (await refusedDay.locator('.visually-hidden').textContent()) ?? '';
    await refusedDay.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => refusedDay.getAttribute('aria-pressed')).toBe('true');
    const day = dayLabel.split(':')[0] ?? '';
    const table = detail.getByRole('table', { name: `Contacts of ${day} by planned time` });
    await table.waitFor();
    const refusedRow = table.locator('tr[data-status="refused"]').first();
    await refusedRow.waitFor();
    const reason = (await refusedRow.locator('.day-plan__reasons li').first().textContent()) ?? '';
    // Which refusal comes first depends on the day the plan starts; each is a rule stated in words.
    expect(reason).toMatch(/allowed only|asked not to be contacted|disputed|not allowed|No contact on|has no (phone number|email address|postal address|debtor)|campaign runs|No campaign day|at most \d+ within/);
    // The reason names the file and the debtor as staff know them (issue 21), and each row names its debtor.
    const file = (await refusedRow.locator('.day-plan__file').textContent()) ?? '';
    const debtorName = (await refusedRow.locator('.day-plan__debtor').textContent()) ?? '';
    expect(debtorName).toMatch(/^\S+ \S+/);
    expect(reason.startsWith(`File ${file} (${debtorName}): `)).toBe(true);
    const plannedNames = await table.locator('tr[data-status="planned"] .day-plan__debtor').allTextContents();
    expect(plannedNames.every((n) => n !== '' && n !== '–')).toBe(true);
    // Planned contacts show their time in the campaign's zone, in time order.
    const times = await table.locator('tr[data-status="planned"] td:first-child').allTextContents();
    expect(times.every((time) => /^\d{2}:\d{2} E[SD]T$/.test(time))).toBe(true);
    expect([...times].sort()).toEqual(times);
    await refusedRow.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'campaign-scheduler-day');

    // The open campaign with its calendar and day passes axe, and fits a phone without scrolling sideways.
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    // The activity sidebar opens on wide screens; at phone width it would cover the page.
    const bell = page.locator('.top-bar__bell');
    if ((await bell.getAttribute('aria-expanded')) === 'true') await bell.click();
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth && (document.getElementById('main')?.scrollWidth ?? 0) <= (document.getElementById('main')?.clientWidth ?? 0) + 1);
    await refusedDay.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'campaign-scheduler-375');
    await context.close();
  });

  it('previews an email in the campaign form as the consumer gets it: filled in, with the disclosure and the opt-out, never the campaign name', async () => {
    const context = await newContext(browser(), baseUrl, { width: 1280, height: 900 });
    const page = await context.newPage();
    await signIn(page, baseUrl, staff, { path: '/login?next=%2Fapps%2Fcampaigns%2Fscheduler' });
    await expectHeading(page, 'Campaign scheduler');
    await page.getByRole('button', { name: 'New campaign' }).click();
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Campaign name').fill('Walk email Nov');
    await form.getByLabel('Channel').selectOption('email');
    await form.getByLabel('Email subject').fill('Your account with {{client.name}}');
    await form.getByLabel('Message').fill('Hello {{debtor.firstName}}, {{account.balance}} is due on file {{account.fileNumber}}.');
    const preview = form.getByRole('region', { name: 'Preview for a sample consumer' });
    await preview.getByText('Subject: Your account with Sample Client').waitFor();
    const body = (await preview.locator('.message-preview__body').textContent()) ?? '';
    expect(body).toContain('Hello Jordan, $1,234.56 is due on file F-100234.');
    expect(body).toContain('This communication is from a debt collector.');
    expect(body).toContain('To stop receiving emails about this account');
    expect(body).not.toContain('Walk email Nov');
    // A placeholder the server does not fill in is named in the preview before anything is saved.
    await form.getByLabel('Message').fill('Hello {{campaign.name}}');
    await preview.getByText(/\{\{campaign\.name\}\}/).waitFor();
    await saveScreenshot(page, 'campaign-message-preview');
    await context.close();
  });

  it('refuses a client user the page cleanly and never asks for campaign data', async () => {
    const context = await newContext(browser(), baseUrl, { width: 1280, height: 900 });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/graphql') && /Campaign/.test(request.postData() ?? '')) asked.push(request.postData() ?? '');
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, baseUrl, client, { path: '/login?next=%2Fapps%2Fcampaigns%2Fscheduler' });
    await expectHeading(page, "You don't have access to this page");
    expect(new URL(page.url()).pathname).toBe('/apps/campaigns/scheduler');
    expect(await page.getByRole('link', { name: 'Campaigns' }).count()).toBe(0);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await saveScreenshot(page, 'campaign-scheduler-client-refused');
    await context.close();
  });
});
