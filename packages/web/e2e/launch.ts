// Launching Debian's Chromium through playwright-core and saving screenshots, without vitest: the
// benchmark uses these outside the test runner.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results');

/** Launches headless Chromium with the flags the CI machines need. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Saves the last screen of a scenario to packages/web/test-results/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
