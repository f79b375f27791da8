// @steward/auth-core as an app gets it from npm: `pnpm pack` (prepack builds it) into a tarball, installed
// into fresh projects outside the workspace, each of which builds and signs a demo user in with SRP
// against the real server: an ES module and a CommonJS module in plain Node, strict TypeScript in the
// bundler, node16 and node10 resolution modes without @types/node, and a Vite page in Chromium.
//
// The install is offline and does what npm would lay out: the tarball's contents under
// node_modules/@steward/auth-core, and each dependency and peer dependency it declares linked to the
// copy `pnpm install` already put in the workspace. (`pnpm add <tarball> --offline` needs registry
// metadata that a CI install from the lockfile never downloads.)
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { chromium } from 'playwright-core';
import { build, transformWithEsbuild } from 'vite';
import type { Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startE2eServer } from '../support/server.js';
import type { E2eServer } from '../support/server.js';
import type { ConsumerPageWindow } from './app/page.js';
import type { ScenarioInput, ScenarioReport } from './app/sign-in-scenario.js';

const run = promisify(execFile);
const requireHere = createRequire(import.meta.url);
const APP_DIR = fileURLToPath(new URL('./app/', import.meta.url));
const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));
const AUTH_CORE_DIR = join(REPO_DIR, 'packages', 'auth-core');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Locally a missing Chromium skips the page's sign-in; on CI (which installs it) the test runs and fails.
const SKIP_BROWSER = !existsSync(CHROMIUM) && process.env.CI !== 'true';

/** Demo users of the development seed (packages/server/src/seed/seed.ts); each consumer takes the next. */
const DEMO_USERS = [
  { username: 'client', password: 'Client-Passw0rd!', email: 'client@steward.example.com' },
  { username: 'staff', password: 'Staff-Passw0rd!', email: 'staff@steward.example.com' },
  { username: 'admin', password: 'Admin-Passw0rd!', email: 'admin@steward.example.com' },
] as const;

type NodeReport = ScenarioReport & { srpModulusBits: number; resolved?: Record<string, string> };

let workDir: string;
/** The tarball's `package/` folder, unpacked once and copied into each consumer. */
let unpacked: string;
let e2e: E2eServer | undefined;
/** What Vite wrote for the page consumer (its chunks list the modules bundled). */
let viteBuild: Rollup.RollupOutput | undefined;
let consumerCount = 0;

/** The demo user of the next consumer, with the server to sign in at. */
function nextInput(): ScenarioInput {
  const user = DEMO_USERS[consumerCount++ % DEMO_USERS.length] ?? DEMO_USERS[0];
  if (e2e === undefined) throw new Error('the server starts in beforeAll');
  return { serverUrl: e2e.url, ...user };
}

/** Runs a command, failing with its output (tsc prints its errors on stdout). */
async function runOrShow(file: string, args: string[], cwd: string): Promise<string> {
  try {
    // No NODE_OPTIONS: the workspace's steward-source condition must not reach the consumers.
    const { stdout } = await run(file, args, { cwd, env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${[file, ...args].join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/** A fresh project with the packed package installed, as npm would lay it out. */
async function newConsumer(name: string, packageJson: Record<string, unknown>): Promise<string> {
  const dir = join(workDir, name);
  const installed = join(dir, 'node_modules', '@steward', 'auth-core');
  await mkdir(dirname(installed), { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, ...packageJson }, null, 2));
  await cp(unpacked, installed, { recursive: true });
  const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  // npm installs peer dependencies too; the app's own xstate is the one the package must share.
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    const link = join(dir, 'node_modules', dependency);
    await mkdir(dirname(link), { recursive: true });
    await symlink(await realpath(join(AUTH_CORE_DIR, 'node_modules', dependency)), link, 'dir');
  }
  return dir;
}

/** The scenario as plain JavaScript for the consumers without TypeScript (types stripped, nothing else). */
async function scenarioAsJavaScript(format: 'esm' | 'cjs'): Promise<string> {
  const source = await readFile(join(APP_DIR, 'sign-in-scenario.ts'), 'utf8');
  return (await transformWithEsbuild(source, 'sign-in-scenario.ts', { format, target: 'es2022' })).code;
}

function expectSignedInWithSrp(report: ScenarioReport, input: ScenarioInput): void {
  expect(report.steps.at(-1)).toBe('DONE');
  expect(report.steps).toContain('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
  // The password went over SRP: USER_SRP_AUTH answered by PASSWORD_VERIFIER, never USER_PASSWORD_AUTH.
  expect(report.calls.slice(0, 2)).toEqual(['InitiateAuth USER_SRP_AUTH', 'RespondToAuthChallenge PASSWORD_VERIFIER']);
  expect(report.calls.filter((call) => call.includes('USER_PASSWORD_AUTH'))).toEqual([]);
  expect(report.accessTokenUsername).toBe(input.username);
  expect(report.currentUser.username).toBe(input.username);
  expect(report.subIsUserId).toBe(true);
  expect(report.calls.at(-1)).toBe('RevokeToken');
  expect(report.tokensAfterSignOut).toBe('none');
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'auth-core-consumers-'));

  // `pnpm pack` on a copy of the package (its prepack builds dist/), so the work tree's dist/ is untouched.
  // The copy sits in the same layout as in the repository: its tsconfig extends ../../tsconfig.base.json.
  const repo = join(workDir, 'repo');
  const source = join(repo, 'packages', 'auth-core');
  await cp(AUTH_CORE_DIR, source, { recursive: true, filter: (path) => !/[\\/](node_modules|dist)([\\/]|$)/.test(path.slice(AUTH_CORE_DIR.length)) });
  await symlink(join(AUTH_CORE_DIR, 'node_modules'), join(source, 'node_modules'), 'dir');
  await cp(join(REPO_DIR, 'tsconfig.base.json'), join(repo, 'tsconfig.base.json'));
  await symlink(join(REPO_DIR, 'node_modules'), join(repo, 'node_modules'), 'dir');
  const packed = join(workDir, 'packed');
  await mkdir(packed);
  await runOrShow('pnpm', ['pack', '--pack-destination', packed], source);
  const [tarball] = (await readdir(packed)).filter((file) => file.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('pnpm pack wrote no tarball');
  await runOrShow('tar', ['-xzf', join(packed, tarball), '-C', packed], workDir);
  unpacked = join(packed, 'package');

  // The Vite page is built before the server starts: the server serves WEB_DIST_DIR as its web app.
  const viteApp = await newConsumer('vite', { type: 'module' });
  for (const file of ['index.html', 'page.ts', 'sign-in-scenario.ts']) await cp(join(APP_DIR, file), join(viteApp, file));
  const built = await build({ root: viteApp, configFile: false, logLevel: 'warn', build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' } });
  if (Array.isArray(built) || !('output' in built)) throw new Error('vite build returned no single output');
  viteBuild = built;
  e2e = await startE2eServer({ WEB_DIST_DIR: join(viteApp, 'dist') });
}, 150_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
});

describe('the packed package in plain Node', () => {
  it('signs a demo user in with SRP from an ES module app that imports it, resolving every entry point to the ESM build', async () => {
    const app = await newConsumer('esm', { type: 'module' });
    await writeFile(join(app, 'sign-in-scenario.mjs'), await scenarioAsJavaScript('esm'));
    await writeFile(
      join(app, 'main.mjs'),
      [
        "import { configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut } from '@steward/auth-core';",
        "import { SRP_N_HEX } from '@steward/auth-core/srp';",
        "import { runSignInScenario } from './sign-in-scenario.mjs';",
        "const resolved = Object.fromEntries(['', '/srp', '/cognito', '/testing'].map((entry) => [entry || '.', import.meta.resolve('@steward/auth-core' + entry)]));",
        'const report = await runSignInScenario({ configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut }, JSON.parse(process.argv[2]));',
        'console.log(JSON.stringify({ ...report, srpModulusBits: SRP_N_HEX.length * 4, resolved }));',
      ].join('\n'),
    );
    const input = nextInput();
    const report = JSON.parse(await runOrShow(process.execPath, ['main.mjs', JSON.stringify(input)], app)) as NodeReport;
    expectSignedInWithSrp(report, input);
    expect(report.srpModulusBits).toBe(3072);
    expect(Object.values(report.resolved ?? {}).map((url) => url.replace(/^.*\/node_modules\/@steward\/auth-core\//, ''))).toEqual([
      'dist/index.js',
      'dist/srp/index.js',
      'dist/cognito-provider/index.js',
      'dist/testing/index.js',
    ]);
  });

  it('signs a demo user in with SRP from a CommonJS app that requires it, resolving every entry point to the CJS build', async () => {
    const app = await newConsumer('cjs', { type: 'commonjs' });
    await writeFile(join(app, 'sign-in-scenario.cjs'), await scenarioAsJavaScript('cjs'));
    await writeFile(
      join(app, 'main.cjs'),
      [
        "const { configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut } = require('@steward/auth-core');",
        "const { SRP_N_HEX } = require('@steward/auth-core/srp');",
        "const { runSignInScenario } = require('./sign-in-scenario.cjs');",
        "const resolved = Object.fromEntries(['', '/srp', '/cognito', '/testing'].map((entry) => [entry || '.', require.resolve('@steward/auth-core' + entry)]));",
        'runSignInScenario({ configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut }, JSON.parse(process.argv[2])).then(',
        '  (report) => console.log(JSON.stringify({ ...report, srpModulusBits: SRP_N_HEX.length * 4, resolved })),',
        '  (error) => { console.error(error); process.exitCode = 1; },',
        ');',
      ].join('\n'),
    );
    const input = nextInput();
    const report = JSON.parse(await runOrShow(process.execPath, ['main.cjs', JSON.stringify(input)], app)) as NodeReport;
    expectSignedInWithSrp(report, input);
    expect(report.srpModulusBits).toBe(3072);
    expect(Object.values(report.resolved ?? {}).map((path) => path.replace(/^.*\/node_modules\/@steward\/auth-core\//, ''))).toEqual([
      'dist/index.cjs',
      'dist/srp/index.cjs',
      'dist/cognito-provider/index.cjs',
      'dist/testing/index.cjs',
    ]);
  });
});

describe('the packed package in a strict TypeScript app without @types/node', () => {
  const projects = [
    // A bundler-resolved app (Vite, webpack, esbuild) run as ESM: the `import` types, .d.ts. Those are
    // the files node16 below loads too, so their own check (~5 s of CPU) is left to that project.
    { mode: 'bundler', packageType: 'module', compilerOptions: { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true }, types: /dist\/index\.d\.ts$/ },
    // Node's own ESM resolution: the `import` types, .d.ts.
    { mode: 'node16', packageType: 'module', compilerOptions: { module: 'node16', moduleResolution: 'node16', skipLibCheck: false }, types: /dist\/index\.d\.ts$/ },
    // TypeScript's pre-exports resolution, compiled to CommonJS: `types` and typesVersions, .d.cts.
    { mode: 'node10', packageType: 'commonjs', compilerOptions: { module: 'commonjs', moduleResolution: 'node10', skipLibCheck: false }, types: /dist\/index\.d\.cts$/ },
  ] as const;

  it.each(projects)('type-checks and compiles with moduleResolution $mode, then signs a demo user in with SRP', async ({ mode, packageType, compilerOptions, types }) => {
    const app = await newConsumer(`ts-${mode}`, { type: packageType });
    await mkdir(join(app, 'src'));
    await cp(join(APP_DIR, 'node-main.ts'), join(app, 'src', 'main.ts'));
    await cp(join(APP_DIR, 'sign-in-scenario.ts'), join(app, 'src', 'sign-in-scenario.ts'));
    await writeFile(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          lib: ['es2022', 'dom'],
          strict: true,
          // No @types/node, and (skipLibCheck: false) the package's declaration files checked too: a Node
          // global in them fails here. The standard library's own files need no check.
          types: [],
          skipDefaultLibCheck: true,
          ...compilerOptions,
          rootDir: 'src',
          outDir: 'dist',
        },
        include: ['src'],
      }),
    );
    const listed = (await runOrShow(process.execPath, [requireHere.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json', '--listFiles'], app)).split('\n');
    const packageTypes = listed.filter((file) => file.includes('/node_modules/@steward/auth-core/')).map((file) => file.replace(/^.*\/node_modules\/@steward\/auth-core\//, ''));
    expect(packageTypes.some((file) => types.test(file)), packageTypes.join('\n')).toBe(true);
    expect(packageTypes.filter((file) => !file.startsWith('dist/'))).toEqual([]);
    expect(listed.filter((file) => file.includes('@types/node'))).toEqual([]);

    const input = nextInput();
    const report = JSON.parse(await runOrShow(process.execPath, [join('dist', 'main.js'), JSON.stringify(input)], app)) as NodeReport;
    expectSignedInWithSrp(report, input);
    expect(report.srpModulusBits).toBe(3072);
  }, 60_000);
});

describe('the packed package in a Vite app', () => {
  it('bundles the published ESM build (not the TypeScript source) and no Node built-in', () => {
    const modules = (viteBuild?.output ?? []).flatMap((chunk) => (chunk.type === 'chunk' ? Object.keys(chunk.modules) : []));
    expect(modules.some((id) => id.includes('/node_modules/@steward/auth-core/dist/'))).toBe(true);
    expect(modules.filter((id) => id.includes('/auth-core/src/') || /^(node:|\0?node-builtin)/.test(id) || id.includes('__vite-browser-external'))).toEqual([]);
  });

  it.skipIf(SKIP_BROWSER)('signs a demo user in with SRP from the built page in Chromium', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const input = nextInput();
      await page.goto(input.serverUrl);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 15_000 });
      const report = await page.evaluate((scenarioInput) => (window as unknown as ConsumerPageWindow).signInScenario(scenarioInput), input);
      expectSignedInWithSrp(report, input);
      expect(report.srpModulusBits).toBe(3072);
      expect(report.secureContext).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

if (SKIP_BROWSER) console.warn(`e2e/consumers: skipping the Vite page's sign-in in Chromium: no browser at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH; CI installs it).`);
