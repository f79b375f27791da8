// The estimator in Chromium: it reads and bounds numbers exactly as the option builder does, so a
// typed "100,000" is an amount, and 1e308, 999 999 999 999 or half a year never give a payment.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumForSuite, newContext } from './browser';
import { demoPerson, expectHeading, signIn } from './people';

const baseUrl = inject('baseUrl');
const browser = chromiumForSuite();
const staff = demoPerson('staff', inject('e2eStateDir'));

/** The error text tied to the input labelled `label`, or '' when none. */
async function fieldError(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
}

describe('the estimator in Chromium', () => {
  let page: Page;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const context = await newContext(browser(), baseUrl, { width: 1280, height: 800 });
    close = () => context.close();
    page = await context.newPage();
    await signIn(page, baseUrl, staff, { path: '/login?next=%2Fmortgages%2Festimator' });
    await expectHeading(page, 'Estimator');
  });

  afterAll(async () => {
    await close();
  });

  const payment = () => page.getByTestId('monthly-payment').textContent();

  it('accepts a loan amount typed with thousands commas or a dollar sign', async () => {
    await page.getByLabel('Interest rate (% a year)').fill('6');
    await page.getByLabel('Term (years)').fill('30');
    await page.getByLabel('Loan amount (USD)').fill('200,000');
    expect(await fieldError(page, 'Loan amount (USD)')).toBe('');
    expect(await payment()).toBe('$1,199.10');
    await page.getByLabel('Loan amount (USD)').fill('$200,000.00');
    expect(await payment()).toBe('$1,199.10');
  });

  it('refuses exponent notation and absurd amounts at the field, with no payment', async () => {
    for (const typed of ['1e308', '999999999999']) {
      await page.getByLabel('Loan amount (USD)').fill(typed);
      expect(await fieldError(page, 'Loan amount (USD)'), typed).toMatch(/^Enter (a|the) loan amount/);
      expect(await payment(), typed).toBe('–');
    }
  });

  it('refuses half a year and a term longer than the option builder offers', async () => {
    await page.getByLabel('Loan amount (USD)').fill('200000');
    for (const typed of ['0.5', '41']) {
      await page.getByLabel('Term (years)').fill(typed);
      expect(await fieldError(page, 'Term (years)'), typed).toMatch(/whole number of years|from 1 to 40 years/);
      expect(await payment(), typed).toBe('–');
    }
  });
});
