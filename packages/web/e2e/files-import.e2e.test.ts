// The /files importer in Chromium against the real server: the demo staff user uploads a small CSV
// of accounts with two bad rows (a bad amount and date, a status outside the code table), saves the suggested mapping, sees and downloads the row's errors,
// imports, finds the run in the history and the accounts in the Accounts list, and imports the same
// file again without creating anything. A client user is refused the page.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { xlsxWorkbook } from '../src/testing/xlsx-workbook';
import { chromiumForSuite, newContext, saveScreenshot } from './browser';
import { demoPerson, expectHeading, signIn } from './people';

const baseUrl = inject('baseUrl');
const browser = chromiumForSuite();

const staff = demoPerson('staff', inject('e2eStateDir'));
const client = demoPerson('client', inject('e2eStateDir'));

// File numbers unique to this run: the server's database is shared by every e2e file.
const tag = `E2E-IMP-${randomBytes(3).toString('hex').toUpperCase()}`;
const csv = [
  'Client No,File No,Status,Current Balance,Listed Date,Notes',
  `C-1001,${tag}-1,ACTIVE,"1,234.56",1/15/2024,first`,
  `C-1001,${tag}-2,ACTIVE,$250,2024-02-01,"second, with a comma"`,
  `C-1001,${tag}-3,ACTIVE,12.345,2024-02-30,bad`,
  // A status in words: read through the code table, so the Status filter finds it.
  `C-2002,${tag}-4,payment plan,(5.00),3/1/2024,fourth`,
  `C-2002,${tag}-5,on hold,1.00,3/1/2024,fifth`,
].join('\r\n');

async function upload(page: Page): Promise<void> {
  await page.getByLabel('Client file').setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('accounts.csv: 5 rows, 6 columns.').waitFor();
}

describe('importing a client file on /files', () => {
  let page: Page;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const context = await newContext(browser(), baseUrl, { width: 1440, height: 900 });
    close = () => context.close();
    page = await context.newPage();
    await signIn(page, baseUrl, staff, { path: '/login?next=%2Ffiles' });
    await expectHeading(page, 'Files');
  });

  afterAll(async () => {
    await close();
  });

  it('maps the columns from their names, saves the mapping, and shows the bad row with its fields', async () => {
    await upload(page);
    expect(await page.getByLabel('Field for column File No').inputValue()).toBe('fileNumber');
    expect(await page.getByLabel('Field for column Current Balance').inputValue()).toBe('currentUpb');
    expect(await page.getByLabel('Field for column Notes').inputValue()).toBe('');
    // The preview shows the rows as stored: money with two decimals, dates as YYYY-MM-DD.
    await page.getByRole('cell', { name: '1234.56', exact: true }).waitFor();
    await page.getByRole('cell', { name: '2024-01-15', exact: true }).waitFor();

    await page.getByLabel('Mapping name').fill(`Accounts ${tag}`);
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await page.getByText(`Mapping “Accounts ${tag}” saved.`).waitFor();
    await page.getByRole('cell', { name: `Accounts ${tag}` }).first().waitFor();
    // The saved mapping reads as column → field by their labels, not as its JSON.
    const saved = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `Accounts ${tag}`, exact: true }) });
    const fields = (await saved.textContent()) ?? '';
    expect(fields).toContain('Current Balance → Current balance');
    expect(fields).toContain('Into Accounts');
    expect(fields).not.toMatch(/[{}"]|currentUpb/);

    await page.getByText('5 rows: 3 rows ready to import, 2 rows with errors.').waitFor();
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    await errors.getByRole('cell', { name: '“12.345” has more than two decimals (cents).' }).waitFor();
    await errors.getByRole('cell', { name: /“2024-02-30” is not a date/ }).waitFor();
    await errors.getByRole('cell', { name: '“on hold” is not one of Active, Payment plan, Disputed or Closed.' }).waitFor();
    expect(await errors.getByRole('row').count()).toBe(4);
  });

  it('has no serious accessibility violation with the mapping, preview and errors on the page', async () => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });

  it('downloads the errors as a CSV with the original columns, the row and its problems', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download errors (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('accounts-errors.csv');
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Client No,File No,Status,Current Balance,Listed Date,Notes,Import row,Import errors');
    expect(lines).toHaveLength(3);
    // Fields by the labels on screen, not their codes (currentUpb).
    expect(lines[1]).toMatch(new RegExp(`^C-1001,${tag}-3,ACTIVE,12.345,2024-02-30,bad,3,"?Current balance: `));
    expect(lines[1]).not.toContain('currentUpb');
    expect(lines[2]).toMatch(new RegExp(`^C-2002,${tag}-5,on hold,1.00,3/1/2024,fifth,5,"?Status: `));
  });

  it('imports the valid rows with a progress bar and records the run in the history', async () => {
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import done: 3 created, 0 updated, 0 unchanged, 2 rows with errors.').waitFor();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    expect(await progress.getAttribute('value')).toBe('5');
    const history = page.getByRole('region', { name: 'Import history' });
    const run = history.getByRole('row').filter({ hasText: 'accounts.csv' }).first();
    await run.waitFor();
    const cells = await run.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['accounts.csv', 'Accounts', 'staff@steward.example.com', 'done', '5 / 5', '3', '0', '2']));
    // Started in the app's one date-time style ("Nov 27, 2026, 7:13 PM"), not "11/27/2026, 7:13:10 PM".
    expect(cells[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    await saveScreenshot(page, 'files-import-imported');
  });

  it('creates nothing when the same file is imported again', async () => {
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import done: 0 created, 0 updated, 3 unchanged, 2 rows with errors.').waitFor();
  });

  it('breaks no import history header inside a word at 1440 px with the menu and the activity sidebar open', async () => {
    const bell = page.locator('.top-bar__bell');
    if ((await bell.getAttribute('aria-expanded')) === 'false') await bell.click();
    const history = page.getByRole('region', { name: 'Import history' });
    const broken = await history.locator('th').evaluateAll((headers) =>
      headers.flatMap((header) => {
        const node = Array.from(header.childNodes).find((child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() !== '');
        if (node === undefined) return [];
        const text = node.textContent ?? '';
        // A word laid out on two lines has two boxes.
        return Array.from(text.matchAll(/\S+/g)).flatMap((word) => {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          return range.getClientRects().length > 1 ? [word[0]] : [];
        });
      }),
    );
    expect(broken).toEqual([]);
  });

  it('lists the imported accounts, once each, in the Accounts list', async () => {
    await page.goto('/mortgages/requests');
    await expectHeading(page, 'Mortgage requests');
    await page.getByLabel('File number starts with').fill(tag);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('cell', { name: `${tag}-4`, exact: true }).waitFor();
    const files = await page.getByRole('cell', { name: new RegExp(`^${tag}-\\d$`) }).allInnerTexts();
    expect(files.sort()).toEqual([`${tag}-1`, `${tag}-2`, `${tag}-4`]);
    // The file had no client name column: the client's name comes from its number, not "–".
    const fourth = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `${tag}-4`, exact: true }) });
    expect(await fourth.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['Birch Credit Union', 'C-2002', 'Payment plan']));
  });

  it('finds the account imported with status "payment plan" under the Payment plan status filter', async () => {
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Payment plan' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The unfiltered list already shows -4: wait for the filtered answer to replace it (-1 leaves).
    await page.getByRole('cell', { name: `${tag}-1`, exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: `${tag}-4`, exact: true }).waitFor();
    const files = await page.getByRole('cell', { name: new RegExp(`^${tag}-\\d$`) }).allInnerTexts();
    expect(files).toEqual([`${tag}-4`]);
  });

  it('imports contacts from an XLSX workbook, marking the row whose account the server does not know', async () => {
    await page.goto('/files');
    await expectHeading(page, 'Files');
    await page.getByLabel('Import into').selectOption('DebtorMdl');
    const workbook = xlsxWorkbook([
      ['Client No', 'File No', 'Seq', 'First Name', 'Last Name', 'Phone', 'State', 'DNC'],
      ['C-1001', `${tag}-1`, 1, 'Ada', 'Lovelace', '+15555550123', 'NY', 'no'],
      ['C-1001', `${tag}-2`, 1, 'Bo', 'Brown', '+15555550124', 'CA', 'yes'],
      ['C-1001', `${tag}-3`, 1, 'Cy', 'Nobody', '+15555550125', 'TX', null],
    ]);
    await page.getByLabel('Client file').setInputFiles({ name: 'contacts.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(workbook) });
    await page.getByText('contacts.xlsx: 3 rows, 8 columns.').waitFor();
    expect(await page.getByLabel('Field for column Seq').inputValue()).toBe('debtorSeq');
    expect(await page.getByLabel('Field for column DNC').inputValue()).toBe('doNotContact');
    await page.getByText('3 rows: 3 rows ready to import, 0 rows with errors.').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import done: 2 created, 0 updated, 0 unchanged, 1 row with errors.').waitFor();
    // The server's refusal counts against the rows ready: the summary adds up to the file.
    await page.getByText('3 rows: 2 rows ready to import, 1 row with errors.').waitFor();
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    const refused = errors.getByRole('row').filter({ hasText: /^3/ });
    expect(await refused.count()).toBe(1);
    const problem = (await refused.textContent()) ?? '';
    expect(problem).toContain('Client number');
    expect(problem).not.toMatch(/clientNumber|fileNumber/);
  });
});

/** A larger file of `rows` accounts with unique file numbers. */
function bigCsv(rows: number, prefix: string): string {
  const lines = ['Client No,File No,Status,Current Balance,Listed Date'];
  for (let i = 1; i <= rows; i++) lines.push(`C-${i % 2 === 0 ? '1001' : '2002'},${prefix}-${i},ACTIVE,"${(1000 + i).toLocaleString('en-US')}.${String(i % 100).padStart(2, '0')}",${(i % 12) + 1}/${(i % 28) + 1}/2024`);
  return lines.join('\n');
}

describe('cancelling and resuming an import', () => {
  it('stops on Cancel import with whole batches landed, then resumes from the next row without duplicates', async () => {
    const context = await newContext(browser(), baseUrl, { width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page, baseUrl, staff, { path: '/login?next=%2Ffiles' });
    await expectHeading(page, 'Files');
    const prefix = `${tag}-BIG`;
    await page.getByLabel('Client file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(bigCsv(20_000, prefix)) });
    await page.getByText('20,000 rows: 20,000 rows ready to import, 0 rows with errors.').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await page.waitForFunction(() => Number(document.querySelector('progress[aria-label="Import progress"]')?.getAttribute('value') ?? 0) >= 500);
    await page.getByRole('button', { name: 'Cancel import' }).click();
    await page.getByText(/^Import cancelled after row [\d,]+:/).waitFor({ timeout: 60_000 });
    const stopped = Number((await progress.getAttribute('value')) ?? '0');
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(20_000);
    // Batches land whole: the rows settled are a multiple of the batch size.
    expect(stopped % 1000).toBe(0);
    const resume = page.getByRole('button', { name: `Resume from row ${(stopped + 1).toLocaleString('en-US')}` });
    await resume.click();
    await page.getByText('Import done: 20,000 created, 0 updated, 0 unchanged, 0 rows with errors.').waitFor({ timeout: 80_000 });
    // One history record for the run, resumed to its end.
    const history = page.getByRole('region', { name: 'Import history' });
    await history.getByRole('row').filter({ hasText: 'big.csv' }).filter({ hasText: 'done' }).first().waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'big.csv' }).count()).toBe(1);
    await context.close();
  }, 180_000);
});

describe('a client user on /files', () => {
  it('is refused the page', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await signIn(page, baseUrl, client, { path: '/login?next=%2Ffiles' });
    await page.getByText("You don't have access to this page").waitFor();
    await context.close();
  });
});
