// A collector's day in Chromium against the real server, with both clocks moved by the test: the
// server's through its test clock (POST /dev/clock, development mode with STEWARD_TEST_CLOCK=on)
// and the browser's through Playwright's page.clock. The demo collector signs in at 21:30 in the
// debtor's zone, opens the queue and takes the next account; the call is refused with the reason
// and allowed at 10:00 the next morning; a right-party contact with a three-installment promise;
// the first installment paid (kept) and part of the second (partially kept); the clock moves past
// the third due date (broken) and the follow-up tops the queue; a dispute stops the account's
// campaign contacts; the dashboard's numbers move. The pages pass axe and fit at 375 px.
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { demoPerson, expectHeading, signIn } from './people';
import type { Person } from './people';
import { startServer } from './server';
import type { RunningServer } from './server';

const browser = chromiumForSuite();
const ZONE = 'America/Denver';
const DAY_MS = 86_400_000;

/** The parts of `instant`'s wall-clock time in `zone`. */
function zonedParts(instant: number, zone: string): { date: string; hour: number; minute: number; asUtc: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute), asUtc };
}

/** The instant of local `date` at `hh:mm` in `zone`. */
function zonedInstant(date: string, time: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  let guess = wall;
  for (let i = 0; i < 3; i++) guess = wall - (zonedParts(guess, zone).asUtc - guess);
  return guess;
}

/** `date` plus `days` (calendar arithmetic on YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The money amount of a "$1,234.50" text, in cents. */
function centsIn(text: string): number {
  const match = /\$([\d,]+)\.(\d{2})/.exec(text);
  if (match === null) throw new Error(`no amount in "${text}"`);
  return Number((match[1] ?? '0').replace(/,/g, '')) * 100 + Number(match[2]);
}

describe("a collector's day", () => {
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let collector: Person;
  let token = '';
  const id = randomBytes(3).toString('hex');
  const clientNumber = `E2E-${id}`;
  const fileNumber = `DAY-${id}`;

  beforeAll(async () => {
    server = await startServer({ publicHost: 'localhost', env: { STEWARD_TEST_CLOCK: 'on', JOBS_POLL_INTERVAL_MS: '500' } });
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  /** Moves the server's clock and the browser's to `instant` (forward only). */
  async function moveClocks(instant: number): Promise<void> {
    const response = await fetch(`${server.baseUrl}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: new Date(instant).toISOString() }) });
    expect(response.status).toBe(200);
    collector.clockOffsetMs = instant - Date.now();
    await page.clock.setSystemTime(instant);
  }

  /** Opens `path`; when the moved clock ended the session, signs in again on the way. */
  async function open(path: string, heading: string | RegExp): Promise<void> {
    await page.goto(path);
    const login = page.getByRole('heading', { level: 1, name: 'Sign in to Steward' });
    await page.getByRole('heading', { level: 1, name: heading }).or(login).waitFor();
    if (await login.isVisible()) {
      await signIn(page, server.baseUrl, collector);
      if (new URL(page.url()).pathname !== new URL(path, server.baseUrl).pathname) await page.goto(path);
    }
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForFunction(() => document.querySelector('.spinner') === null, undefined, { timeout: 15_000 }).catch(() => undefined);
    token = (await context.cookies()).find((c) => c.name.endsWith('.accessToken'))?.value ?? token;
  }

  /** Runs a GraphQL operation as the signed-in collector. */
  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${server.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (body.errors !== undefined && body.errors.length > 0) throw new Error(body.errors.map((e) => e.message).join('; '));
    return body.data as T;
  }

  async function seriousViolations(): Promise<string[]> {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  async function fitsAt375(): Promise<boolean> {
    await page.setViewportSize({ width: 375, height: 800 });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.setViewportSize({ width: 1280, height: 900 });
    return fits;
  }

  it('works an account from the queue through a call, a promise, payments, a broken promise and a dispute', async () => {
    // 21:30 in Denver, at least ten minutes from now (the server's clock only moves forward).
    const start = Date.now() + 10 * 60_000;
    let today = zonedParts(start, ZONE).date;
    let evening = zonedInstant(today, '21:30', ZONE);
    if (evening < start) {
      today = addDays(today, 1);
      evening = zonedInstant(today, '21:30', ZONE);
    }
    context = await newContext(browser(), server.baseUrl, { width: 1280, height: 900 });
    page = await context.newPage();
    await page.clock.install({ time: evening });
    collector = demoPerson('staff');
    await moveClocks(evening);

    await signIn(page, server.baseUrl, collector, { path: '/login' });
    await open('/', 'Dashboard');
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
    const sub = claims.sub;

    // The account of this test, of a client of its own, assigned to the collector.
    await gql('mutation ($input: CreateClientMdlInput!) { createClientMdl(input: $input) { id } }', { input: { clientNumber, clientName: `Day Lending ${id}` } });
    const account = await gql<{ createAccountMdl: { id: string } }>('mutation ($input: CreateAccountMdlInput!) { createAccountMdl(input: $input) { id } }', {
      input: { clientNumber, fileNumber, accountStatus: 'ACTIVE', currentUpb: 900, originalUpbLoaded: 900, delinquencyDate: addDays(today, -45), zipCode: '80202', assignedTo: sub },
    });
    const accountId = account.createAccountMdl.id;
    await gql('mutation ($input: CreateDebtorMdlInput!) { createDebtorMdl(input: $input) { id } }', {
      input: { clientNumber, fileNumber, debtorSeq: 1, firstName: 'Dana', lastName: 'Day', phone: '+13035550142', timeZone: ZONE, state: 'CO', zipCode: '80202', accountmdlID: accountId },
    });

    // The queue, this client only: the account says when it may be called; n opens it.
    await open(`/collections/queue?client=${encodeURIComponent(clientNumber)}`, 'Work queue');
    const queue = page.getByRole('table', { name: /Work queue/ });
    const first = queue.getByRole('row').nth(1);
    await first.waitFor();
    expect(await first.textContent()).toContain(fileNumber);
    expect(await first.textContent()).toMatch(/Next allowed at/);
    expect(await seriousViolations()).toEqual([]);
    expect(await fitsAt375()).toBe(true);
    await first.focus();
    await page.keyboard.press('n');
    await page.waitForURL((url) => url.pathname === '/collections/account' && url.search.includes(accountId));
    await expectHeading(page, `Account ${fileNumber}`);

    // 21:30 in Denver: the call is refused with the reason and the time it is allowed.
    const callForm = page.getByRole('form', { name: 'Record a call' });
    await callForm.getByLabel('Outcome').selectOption('right_party');
    await callForm.getByRole('button', { name: 'Record call' }).click();
    const refusal = callForm.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/21:30/);
    expect(await refusal.textContent()).toMatch(/A call is allowed from/);
    expect(await callForm.getByRole('button', { name: 'Record with override' }).count()).toBe(0);
    await saveScreenshot(page, 'collectors-day-refused-call');

    // 10:00 the next morning: the same call goes through.
    const tomorrow = addDays(today, 1);
    await moveClocks(zonedInstant(tomorrow, '10:00', ZONE));
    await open(`/collections/account?id=${accountId}`, `Account ${fileNumber}`);
    await page.getByText('Callable now').first().waitFor();
    await page.getByRole('form', { name: 'Record a call' }).getByLabel('Outcome').selectOption('right_party');
    await page.getByRole('form', { name: 'Record a call' }).getByRole('button', { name: 'Record call' }).click();
    await page.getByText('Call recorded: Right party contact.').waitFor();

    // Dashboard before the payments (the browser's today is inside the period either way).
    await open('/', 'Dashboard');
    const byDay = page.getByRole('figure', { name: 'Collections per day' });
    const collectedBefore = centsIn((await byDay.locator('.chart__summary').textContent()) ?? '');

    // A three-installment promise: $300 weekly from tomorrow, previewed before it is taken.
    await open(`/collections/account?id=${accountId}`, `Account ${fileNumber}`);
    const promiseForm = page.getByRole('form', { name: 'Take a promise' });
    await promiseForm.getByLabel('Kind').selectOption('installments');
    await promiseForm.getByLabel('Total').fill('300');
    await promiseForm.getByLabel('First due date').fill(addDays(tomorrow, 1));
    await promiseForm.getByLabel('Payments').fill('3');
    await promiseForm.getByLabel('Every').selectOption('weekly');
    const preview = promiseForm.getByRole('table', { name: 'Schedule preview' });
    await expect.poll(() => preview.getByRole('row').count()).toBe(4);
    await promiseForm.getByRole('button', { name: 'Take promise' }).click();
    await page.getByText('Promise taken: 3 payments.').waitFor();

    // The first installment paid in full, the second in part.
    const paymentForm = page.getByRole('form', { name: 'Post a payment' });
    await paymentForm.getByLabel('Amount paid').fill('100');
    await paymentForm.getByRole('button', { name: 'Post payment' }).click();
    await page.getByText('Payment of $100.00 posted.').waitFor();
    await paymentForm.getByLabel('Amount paid').fill('40.50');
    await paymentForm.getByRole('button', { name: 'Post payment' }).click();
    await page.getByText('Payment of $40.50 posted.').waitFor();
    const installments = page.locator('.desk-promise').first().getByRole('row');
    await expect.poll(async () => (await installments.allTextContents()).slice(1).map((row) => /Kept|Partially kept|Pending|Broken/.exec(row)?.[0])).toEqual(['Kept', 'Partially kept', 'Pending']);
    expect(await seriousViolations()).toEqual([]);
    expect(await fitsAt375()).toBe(true);
    await saveScreenshot(page, 'collectors-day-promise');

    // The dashboard's collections moved by exactly the two payments.
    await open('/', 'Dashboard');
    await expect.poll(async () => centsIn((await page.getByRole('figure', { name: 'Collections per day' }).locator('.chart__summary').textContent()) ?? '') - collectedBefore).toBe(14_050);
    await page.getByRole('figure', { name: 'Collections per day' }).getByRole('button', { name: 'Show table' }).click();
    await page.getByRole('region', { name: 'Collections per day as a table' }).waitFor();
    expect(await seriousViolations()).toEqual([]);

    // Past the third due date plus grace, unpaid: the promise is broken and its follow-up tops the queue.
    await moveClocks(zonedInstant(addDays(tomorrow, 1 + 14 + 5), '10:00', ZONE));
    await expect
      .poll(
        async () => {
          await open(`/collections/queue?client=${encodeURIComponent(clientNumber)}`, 'Work queue');
          return (await page.getByRole('table', { name: /Work queue/ }).getByRole('row').nth(1).textContent()) ?? '';
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toMatch(/Broken promise|Follow-up due/);
    await open(`/collections/account?id=${accountId}`, `Account ${fileNumber}`);
    expect(await page.locator('.desk-promise').first().textContent()).toMatch(/Broken/);

    // A campaign planned for the next days reaches the account; once disputed, a new plan refuses it.
    const firstDay = addDays(tomorrow, 21);
    const campaign = await gql<{ createCampaignMdl: { id: string } }>('mutation ($input: CreateCampaignMdlInput!) { createCampaignMdl(input: $input) { id } }', {
      input: { campaignName: `Day ${id}`, channel: 'sms', status: 'draft', accountFilter: JSON.stringify({ clientNumber }), startDate: firstDay, endDate: addDays(firstDay, 2), timeZone: ZONE, dailyWindows: JSON.stringify([{ start: '09:00', end: '20:00' }]), maxAttemptsPerAccount: 1, messageTemplate: 'About your account {{account.fileNumber}}' },
    });
    const plan = async (): Promise<{ planned: number; refused: number }> => (await gql<{ planCampaign: { planned: number; refused: number } }>('mutation ($id: ID!) { planCampaign(id: $id) { planned refused } }', { id: campaign.createCampaignMdl.id })).planCampaign;
    expect(await plan()).toMatchObject({ planned: 1, refused: 0 });
    const disputeForm = page.getByRole('form', { name: 'Dispute' });
    await disputeForm.getByLabel('Reason').fill('Debtor says the debt was paid to the original creditor');
    await disputeForm.getByRole('button', { name: 'Set disputed' }).click();
    await page.getByText('Dispute opened: collection contacts stop.').waitFor();
    await page.getByText('Yes: collection contacts are stopped').waitFor();
    expect(await plan()).toMatchObject({ planned: 0, refused: 1 });

    // The dashboard counts the broken installments of the period.
    await open('/', 'Dashboard');
    const promises = page.getByRole('figure', { name: 'Promises due, kept and broken' });
    expect(await promises.locator('.chart__summary').textContent()).toMatch(/[1-9]\d* broken/);
    await saveScreenshot(page, 'collectors-day-dashboard');
  }, 420_000);
});
