// The import benchmark (issue 16): a generated 100 000-row accounts file imported end to end from
// headless Chromium — /files, auto-suggested mapping, parse and validation in the worker, batch
// upserts — against the real server, once on PostgreSQL and once on the embedded PGlite.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { demoPerson, signIn } from '../e2e/people';
import { startServer } from '../e2e/server';
import { accountsCsv } from './import-file';

/** The database engine a run imports into. */
export type ImportEngine = 'PostgreSQL' | 'PGlite';

/** One measured import. */
export interface ImportRun {
  engine: ImportEngine;
  rows: number;
  /** From choosing the file to the file read, mapped and validated (the Import button enabled). */
  prepareMs: number;
  /** From "Import" to "Import done". */
  importMs: number;
  /** What the page reported at the end. */
  outcome: string;
  /** The same file imported again (nothing may be created twice): from "Import" to "Import done". */
  reimportMs: number;
  reimportOutcome: string;
}

const BENCH_DATABASE = 'steward_import_bench';
const POSTGRES_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';


function freshPostgresDatabase(): string {
  // A database of its own, dropped and created again, so every run starts from the demo data alone.
  for (const sql of [`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`, `CREATE DATABASE ${BENCH_DATABASE}`]) {
    execFileSync('psql', [POSTGRES_ADMIN, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'pipe' });
  }
  const url = new URL(POSTGRES_ADMIN);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

/** Imports a generated file of `rows` accounts through the /files page and times it. */
export async function measureImport(browser: Browser, engine: ImportEngine, rows: number): Promise<ImportRun> {
  const folder = mkdtempSync(path.join(tmpdir(), 'steward-import-bench-'));
  const file = path.join(folder, `accounts-${rows}.csv`);
  writeFileSync(file, accountsCsv(rows));
  const server = await startServer(engine === 'PostgreSQL' ? { env: { DATABASE_URL: freshPostgresDatabase() } } : {});
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await signIn(page, server.baseUrl, demoPerson('staff'), { path: '/login?next=%2Ffiles' });
    await page.waitForURL((url) => url.pathname === '/files');
    await page.getByLabel('Import into').selectOption({ label: 'Accounts' });
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    const chosen = Date.now();
    await page.getByLabel('Client file').setInputFiles(file);
    await importButton.waitFor();
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Import');
      return button !== undefined && !button.disabled;
    }, undefined, { timeout: 600_000, polling: 200 });
    const prepareMs = Date.now() - chosen;
    const started = Date.now();
    await importButton.click();
    const done = page.getByText(/^Import (done|failed|cancelled)/);
    await done.waitFor({ timeout: 1_800_000 });
    const importMs = Date.now() - started;
    const outcome = (await done.textContent()) ?? '';

    await page.getByLabel('Client file').setInputFiles([]);
    await page.getByLabel('Client file').setInputFiles(file);
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Import');
      return button !== undefined && !button.disabled && !document.body.textContent?.includes('Import done');
    }, undefined, { timeout: 600_000, polling: 200 });
    const again = Date.now();
    await importButton.click();
    await done.waitFor({ timeout: 1_800_000 });
    const reimportMs = Date.now() - again;
    const reimportOutcome = (await done.textContent()) ?? '';
    return { engine, rows, prepareMs, importMs, outcome, reimportMs, reimportOutcome };
  } finally {
    await context.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
