// What a first visit to /login makes Chromium download, measured in the browser against the real
// server: every script response until the network is idle, each body gzipped at level 9 (as a
// server would send it), and the time to an interactive sign-in form with the CPU throttled 4×.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** One script the browser downloaded. */
export interface ScriptDownload {
  file: string;
  gzip: number;
}

/** The scripts of a first visit, largest first, and their total. */
export interface FirstVisit {
  files: ScriptDownload[];
  totalGzip: number;
}

/** Sums scripts by their gzipped size, largest first (a file fetched twice counts twice: the browser downloaded it twice). */
export function summarise(downloads: ScriptDownload[]): FirstVisit {
  const files = [...downloads].sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  return { files, totalGzip: files.reduce((sum, entry) => sum + entry.gzip, 0) };
}

/** Opens `path` in a fresh profile with the cache disabled and records every script response until the network is idle. */
export async function scriptsOfFirstVisit(browser: Browser, baseUrl: string, path = '/login'): Promise<FirstVisit> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const pending: Promise<ScriptDownload | undefined>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(response.url())) return;
      pending.push(
        response.body().then(
          (body) => ({ file: new URL(response.url()).pathname.replace(/^\/assets\//, ''), gzip: gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const downloads = (await Promise.all(pending)).filter((entry): entry is ScriptDownload => entry !== undefined);
    return summarise(downloads);
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from navigation start until the username field of /login is enabled and takes typed
 * input, in a fresh profile with the cache disabled and the CPU throttled `rate` times.
 */
export async function timeToInteractiveSignIn(browser: Browser, baseUrl: string, rate = 4): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto('/login', { waitUntil: 'commit' });
    // Typing must land in the field: Playwright types once it is visible, enabled and editable, and
    // the value must then be there (React's state took it). Timed in the page, from navigation start.
    await page.getByLabel('Username or email').pressSequentially('x', { timeout: 60_000 });
    const typed = await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('input[name="username"]');
      return input !== null && !input.disabled && input.value === 'x' ? performance.now() : false;
    });
    return (await typed.jsonValue()) as number;
  } finally {
    await context.close();
  }
}
