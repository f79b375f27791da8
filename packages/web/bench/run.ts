// `pnpm bench` for the web app: bundle sizes of the production build, and in headless Chromium
// against the real server the time to an interactive /login and from "Sign in" to the first
// protected page (median of 10). Writes the "## web" section of docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../e2e/browser';
import { finishSignIn, newPerson, signUp } from '../e2e/people';
import { startServer } from '../e2e/server';
import { measureBundle } from './bundle-size';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHMARKS = path.resolve(WEB_ROOT, '../../docs/benchmarks.md');
const RUNS = 10;
const LOGIN_BUDGET_BYTES = 120 * 1024;

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function timings(): Promise<{ login: number[]; signIn: number[] }> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const login: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh profile each time: nothing cached, as for a first visit.
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const page = await context.newPage();
      const started = Date.now();
      await page.goto('/login');
      await page.getByLabel('Username or email').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username');
      login.push(Date.now() - started);
      await context.close();
    }

    // One person with a remembered device, so each sign-in is password plus device check, no code.
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const person = newPerson('bench');
    await signUp(page, server.baseUrl, person);
    await finishSignIn(page, server.baseUrl, person, { remember: true });
    const signIn: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.getByRole('button', { name: /open the user menu/ }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(/\/login$/);
      await page.goto('/login?next=%2Fmortgages%2Festimator');
      await page.getByLabel('Username or email').fill(person.username);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      const started = Date.now();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/mortgages/estimator');
      await page.getByRole('heading', { name: 'Estimator' }).waitFor();
      signIn.push(Date.now() - started);
    }
    await context.close();
    return { login, signIn };
  } finally {
    await browser.close();
    await server.stop();
  }
}

function section(report: ReturnType<typeof measureBundle>, times: { login: number[]; signIn: number[] }): string {
  const lines = [
    '## web',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`pnpm --filter @steward/web bench\` (production build, gzip level 9, 1 KB = 1024 bytes; headless Chromium against the real server on PGlite on this machine).`,
    '',
    '| Measure | Result | Goal |',
    '| --- | --- | --- |',
    `| JavaScript needed to show /login (gzip) | **${kb(report.loginGzip)}** | ≤ 120 KB: ${report.loginGzip <= LOGIN_BUDGET_BYTES ? 'met' : 'missed'} |`,
    `| Navigation to an interactive /login (fresh profile), median of ${RUNS} | ${median(times.login).toFixed(0)} ms (min ${Math.min(...times.login)}, max ${Math.max(...times.login)}) | |`,
    `| "Sign in" to the first protected page (password + remembered device), median of ${RUNS} | ${median(times.signIn).toFixed(0)} ms (min ${Math.min(...times.signIn)}, max ${Math.max(...times.signIn)}) | |`,
    `| All JavaScript of the app (gzip) | ${kb(report.totalJsGzip)} | |`,
    '',
    'Files loaded to show /login:',
    '',
    '| File | gzip |',
    '| --- | --- |',
    ...report.loginFiles.map((entry) => `| ${entry.file.replace(/^assets\//, '')} | ${kb(entry.gzip)} |`),
    '',
    'Each route\'s own chunk, and everything it adds to what the first screen loaded (shared chunks included):',
    '',
    '| Route | Own chunk (gzip) | Added on first visit (gzip) |',
    '| --- | --- | --- |',
    ...report.routes.map((route) => `| ${route.route} | ${kb(route.ownGzip)} | ${kb(route.withImportsGzip)} |`),
    '',
    'The sign-in machinery (auth-core\'s step machines, XState, SRP) and data-client load in chunks of their own right after the first screen; sonner (toasts) loads in its own chunk right after the first screen.',
    '',
  ];
  return lines.join('\n');
}

/** Replaces (or appends) the "## web" section of docs/benchmarks.md, leaving the others alone. */
function writeSection(text: string): void {
  const current = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf('\n## web\n');
  if (start < 0) {
    writeFileSync(BENCHMARKS, `${current.trimEnd()}\n\n${text}`);
    return;
  }
  const rest = current.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const after = next < 0 ? '' : rest.slice(next + 1);
  writeFileSync(BENCHMARKS, `${current.slice(0, start + 1)}${text}${after === '' ? '' : `\n${after}`}`);
}

const report = measureBundle(path.join(WEB_ROOT, 'dist'));
console.log(`JavaScript needed to show /login: ${kb(report.loginGzip)} gzip`);
const times = await timings();
console.log(`interactive /login median ${median(times.login)} ms; sign-in to first protected page median ${median(times.signIn)} ms`);
writeSection(section(report, times));
console.log(`wrote the "## web" section of ${BENCHMARKS}`);
