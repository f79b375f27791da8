// `pnpm bench` for the web app, in headless Chromium against the real server serving the production
// build: the JavaScript a first visit to /login downloads (every script response until the network
// is idle, gzip level 9), the time to an interactive sign-in form with the CPU throttled 4× (median
// of 5), the time to an interactive /login and from "Sign in" to the first protected page (median of
// 10), and each route's chunk from the build manifest. Writes the "## web" section of docs/benchmarks.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../e2e/launch';
import { finishSignIn, newPerson, signUp } from '../e2e/people';
import { startServer } from '../e2e/server';
import { machine, median, writeBenchmarkSection } from './benchmarks-doc';
import { measureBundle } from './bundle-size';
import { scriptsOfFirstVisit, timeToInteractiveSignIn } from './first-visit';
import type { FirstVisit } from './first-visit';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 10;
const THROTTLED_RUNS = 5;
const CPU_SLOWDOWN = 4;
const LOGIN_BUDGET_BYTES = 120 * 1024;

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

interface Measured {
  firstVisit: FirstVisit;
  throttled: number[];
  login: number[];
  signIn: number[];
}

async function measureInBrowser(): Promise<Measured> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const firstVisit = await scriptsOfFirstVisit(browser, server.baseUrl, '/login');
    const throttled: number[] = [];
    for (let run = 0; run < THROTTLED_RUNS; run++) throttled.push(Math.round(await timeToInteractiveSignIn(browser, server.baseUrl, CPU_SLOWDOWN)));
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
    return { firstVisit, throttled, login, signIn };
  } finally {
    await browser.close();
    await server.stop();
  }
}

function section(report: ReturnType<typeof measureBundle>, times: Measured): string {
  const download = times.firstVisit;
  const lines = [
    '## web',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`pnpm --filter @steward/web bench\` on ${machine()} (production build, gzip level 9, 1 KB = 1024 bytes; headless Chromium against the real server on PGlite).`,
    '',
    '| Measure | Result | Goal |',
    '| --- | --- | --- |',
    `| JavaScript Chromium downloads on a first visit to /login (fresh profile, cache disabled, every script response until the network is idle, each body gzipped) | **${kb(download.totalGzip)}** in ${download.files.length} files | ≤ 120 KB: ${download.totalGzip <= LOGIN_BUDGET_BYTES ? 'met' : 'missed'} |`,
    `| Navigation start to a sign-in form that takes typing, CPU throttled ${CPU_SLOWDOWN}× (CDP Emulation.setCPUThrottlingRate), median of ${THROTTLED_RUNS} | **${median(times.throttled).toFixed(0)} ms** (min ${Math.min(...times.throttled)}, max ${Math.max(...times.throttled)}) | |`,
    `| Navigation to an interactive /login (fresh profile), median of ${RUNS} | ${median(times.login).toFixed(0)} ms (min ${Math.min(...times.login)}, max ${Math.max(...times.login)}) | |`,
    `| "Sign in" to the first protected page (password + remembered device), median of ${RUNS} | ${median(times.signIn).toFixed(0)} ms (min ${Math.min(...times.signIn)}, max ${Math.max(...times.signIn)}) | |`,
    `| Static imports of the entry and the /login chunk (build manifest: what /login cannot run without; not a download measure) | ${kb(report.loginGzip)} in ${report.loginFiles.length} files | |`,
    `| All JavaScript of the app (gzip) | ${kb(report.totalJsGzip)} | |`,
    '',
    'Scripts Chromium downloaded on the first visit to /login:',
    '',
    '| File | gzip |',
    '| --- | --- |',
    ...download.files.map((entry) => `| ${entry.file} | ${kb(entry.gzip)} |`),
    '',
    'Each route\'s own chunk, and everything it adds to the entry\'s static imports (build manifest, shared chunks included):',
    '',
    '| Route | Own chunk (gzip) | Added on first visit (gzip) |',
    '| --- | --- | --- |',
    ...report.routes.map((route) => `| ${route.route} | ${kb(route.ownGzip)} | ${kb(route.withImportsGzip)} |`),
    '',
    'Not in the first visit, loaded on demand: the sign-in machinery (auth-core\'s step machines, XState, SRP) from the visitor\'s first key, pointer or touch, or on resuming a sign-in left waiting; data-client on the first session check or data call; sonner (toasts) with the first message; every other page with its route.',
    '',
  ];
  return lines.join('\n');
}

const report = measureBundle(path.join(WEB_ROOT, 'dist'));
const times = await measureInBrowser();
console.log(`first visit to /login: ${kb(times.firstVisit.totalGzip)} of JavaScript in ${times.firstVisit.files.length} files (gzip)`);
for (const entry of times.firstVisit.files) console.log(`  ${entry.file} ${kb(entry.gzip)}`);
console.log(`interactive sign-in form, CPU ${CPU_SLOWDOWN}× slower: median ${median(times.throttled)} ms of ${times.throttled.join(', ')}`);
console.log(`interactive /login median ${median(times.login)} ms; sign-in to first protected page median ${median(times.signIn)} ms`);
console.log(`wrote the "## web" section of ${writeBenchmarkSection('## web', section(report, times))}`);
