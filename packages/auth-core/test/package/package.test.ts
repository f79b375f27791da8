// The package as npm users get it: a fresh build (the package's own tsup config) into a temporary
// node_modules/@steward/auth-core, next to a copy of the package's other files, then loaded by plain
// Node through package.json's exports (import and require, no steward-source condition), bundled for
// a browser, type-checked as a consumer, and packed with pnpm (what `changeset publish` runs) into a
// tarball that publint and attw (@arethetypeswrong/cli) check. The work tree's dist/ is never touched.
// Installing that tarball into fresh apps and signing in against the real server: e2e/consumers.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { build } from 'esbuild';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const scenarioPath = fileURLToPath(new URL('./consumer-scenario.cjs', import.meta.url));
const requireHere = createRequire(import.meta.url);

interface PackageJson {
  main: string;
  module: string;
  types: string;
  typesVersions: Record<string, Record<string, string[]>>;
  exports: Record<string, string | Record<string, string | Record<string, string>>>;
  files: string[];
  sideEffects: boolean;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}
const manifest = requireHere('../../package.json') as PackageJson;

let workDir: string;
/** The installed copy: <workDir>/node_modules/@steward/auth-core. */
let installed: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'auth-core-package-'));
  installed = join(workDir, 'node_modules', '@steward', 'auth-core');
  await mkdir(dirname(installed), { recursive: true });
  // Everything in the work tree except installs and builds, so `npm pack` sees what a publish would.
  await cp(packageDir, installed, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)([\\/]|$)/.test(source.slice(packageDir.length - 1)),
  });
  // The dependencies (jose, @noble/hashes) and the xstate peer dependency as pnpm installed them.
  await symlink(join(packageDir, 'node_modules'), join(installed, 'node_modules'), 'dir');
  const tsup = join(packageDir, 'node_modules', 'tsup', 'dist', 'cli-default.js');
  await run(process.execPath, [tsup, '--out-dir', join(installed, 'dist'), '--silent'], { cwd: packageDir });
}, 180_000);

afterAll(async () => {
  if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
});

interface ScenarioReport {
  resolved: { main: string; srp: string };
  srp: { keysAgree: boolean; keyBytes: number; signatureVerifies: boolean; wrongPasswordVerifies: boolean; zeroA: string };
  badConfig: { name: string; isAuthConfigError: boolean; isAuthError: boolean };
  runtime: { region: string; userPoolEndpoint: string };
  flow: {
    signedIn: { isSignedIn: boolean; nextStep: { signInStep: string } };
    sessionSub: string;
    user: { username: string; userId: string };
    tokensAfterSignOut: string;
    wrongPassword: { name: string; isCognitoServiceError: boolean };
    calls: string[];
    events: string[];
  };
  sameSrpErrorClass: boolean;
}

/** Runs a consumer file with plain `node` (no --conditions) and parses the report it prints. */
async function runConsumer(fileName: string, source: string): Promise<ScenarioReport> {
  const file = join(workDir, fileName);
  await writeFile(file, source);
  const { stdout } = await run(process.execPath, [file], { cwd: workDir, env: { ...process.env, NODE_OPTIONS: '' } });
  return JSON.parse(stdout) as ScenarioReport;
}

function expectWorkingPackage(report: ScenarioReport): void {
  expect(report.srp).toEqual({ keysAgree: true, keyBytes: 16, signatureVerifies: true, wrongPasswordVerifies: false, zeroA: 'SrpInvalidEphemeralError' });
  expect(report.badConfig).toEqual({ name: 'InvalidUserPoolId', isAuthConfigError: true, isAuthError: true });
  expect(report.runtime).toEqual({ region: 'us-east-1', userPoolEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com/' });
  expect(report.flow.signedIn).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  expect(report.flow.sessionSub).toBe('5b0f6a7e-1c2d-4e3f-8a9b-0c1d2e3f4a5b');
  expect(report.flow.user).toEqual({ username: 'alice', userId: '5b0f6a7e-1c2d-4e3f-8a9b-0c1d2e3f4a5b' });
  expect(report.flow.tokensAfterSignOut).toBe('none');
  expect(report.flow.wrongPassword).toEqual({ name: 'NotAuthorizedException', isCognitoServiceError: true });
  expect(report.flow.calls).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'RevokeToken', 'InitiateAuth', 'RespondToAuthChallenge']);
  expect(report.flow.events).toEqual(['signedIn', 'signedOut']);
  expect(report.sameSrpErrorClass).toBe(true);
}

describe('the built package in plain Node', () => {
  it('imports the ESM build by package name and signs in over SRP, reads the session and signs out', async () => {
    const report = await runConsumer(
      'consumer.mjs',
      [
        "import * as auth from '@steward/auth-core';",
        "import * as srp from '@steward/auth-core/srp';",
        `import scenario from ${JSON.stringify(scenarioPath)};`,
        "const resolved = { main: import.meta.resolve('@steward/auth-core'), srp: import.meta.resolve('@steward/auth-core/srp') };",
        'console.log(JSON.stringify(await scenario(auth, srp, resolved)));',
      ].join('\n'),
    );
    expect(report.resolved.main).toMatch(/\/node_modules\/@steward\/auth-core\/dist\/index\.js$/);
    expect(report.resolved.srp).toMatch(/\/node_modules\/@steward\/auth-core\/dist\/srp\/index\.js$/);
    expectWorkingPackage(report);
  });

  it('requires the CJS build by package name and signs in over SRP, reads the session and signs out', async () => {
    const report = await runConsumer(
      'consumer.cjs',
      [
        "const auth = require('@steward/auth-core');",
        "const srp = require('@steward/auth-core/srp');",
        `const scenario = require(${JSON.stringify(scenarioPath)});`,
        "const resolved = { main: require.resolve('@steward/auth-core'), srp: require.resolve('@steward/auth-core/srp') };",
        'scenario(auth, srp, resolved).then((report) => console.log(JSON.stringify(report)), (error) => { console.error(error); process.exit(1); });',
      ].join('\n'),
    );
    expect(report.resolved.main).toMatch(/\/node_modules\/@steward\/auth-core\/dist\/index\.cjs$/);
    expect(report.resolved.srp).toMatch(/\/node_modules\/@steward\/auth-core\/dist\/srp\/index\.cjs$/);
    expectWorkingPackage(report);
  });
});

describe('the built package in a browser bundle', () => {
  /** Records every import of a Node built-in instead of failing, so the test can name them. */
  function builtinRecorder(): { plugin: Plugin; seen: string[] } {
    const seen: string[] = [];
    const names = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const plugin: Plugin = {
      name: 'record-node-builtins',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /.*/ }, (args) => {
          if (!names.has(args.path) && !args.path.startsWith('node:')) return undefined;
          seen.push(`${args.path} (from ${args.importer})`);
          return { path: args.path, external: true };
        });
      },
    };
    return { plugin, seen };
  }

  /** Bundles `contents` (resolved from the temporary install) minified for a browser. */
  async function bundle(contents: string, extra: Partial<BuildOptions> = {}): Promise<{ metafile: Metafile; bytes: number }> {
    const result = await build({
      stdin: { contents, resolveDir: workDir, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      metafile: true,
      logLevel: 'silent',
      ...extra,
    });
    const output = result.outputFiles?.[0];
    if (result.metafile === undefined || output === undefined) throw new Error('esbuild returned no output');
    return { metafile: result.metafile, bytes: output.contents.byteLength };
  }

  it('bundles every export of both entry points for the browser without a single Node built-in', async () => {
    const { plugin, seen } = builtinRecorder();
    const result = await bundle("export * from '@steward/auth-core';\nexport * as srp from '@steward/auth-core/srp';", { plugins: [plugin] });
    expect(seen).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    // Only the built package and its three runtime dependencies, never the TypeScript source.
    const outsiders = inputs.filter(
      (path) => path !== '<stdin>' && !/node_modules\/(@steward\/auth-core\/dist|(\.pnpm\/[^/]+\/node_modules\/)?(xstate|jose|@noble\/hashes))\//.test(path),
    );
    expect(outsiders).toEqual([]);
    expect(inputs.some((path) => path.includes('@steward/auth-core/dist/srp/'))).toBe(true);
  });

  it('keeps the build tree-shakeable: an app using only checkPasswordPolicy gets none of xstate, jose or @noble/hashes', async () => {
    const result = await bundle("export { checkPasswordPolicy } from '@steward/auth-core';");
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0]?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect(inputs.filter((path) => /xstate|jose|@noble/.test(path))).toEqual([]);
    expect(inputs.length).toBeGreaterThan(0);
    expect(result.bytes).toBeLessThan(2048);
  });

  it('gives the sign-in app the same size from the build as from the source (nothing lost to bundling)', async () => {
    const app = (from: string) =>
      `import { configure, signIn, confirmSignIn, fetchAuthSession, signOut } from ${JSON.stringify(from)};\nexport { configure, signIn, confirmSignIn, fetchAuthSession, signOut };`;
    const built = await bundle(app('@steward/auth-core'));
    const source = await bundle(app(join(packageDir, 'src', 'index.ts')));
    expect(built.bytes).toBeLessThanOrEqual(Math.ceil(source.bytes * 1.02));
    expect(built.bytes).toBeGreaterThan(10_000);
  });

  it('gives the sign-in app no hash library: client SRP hashes with WebCrypto, @noble/hashes stays server-side', async () => {
    const result = await bundle(
      "export { configure, signIn, confirmSignIn, fetchAuthSession, signOut } from '@steward/auth-core';",
    );
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0]?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect(inputs.filter((path) => path.includes('@noble'))).toEqual([]);
    expect(inputs.some((path) => path.includes('xstate'))).toBe(true);
  });
});

describe('the package manifest', () => {
  it('makes xstate a peer dependency, so an app\'s @xstate/react runs the exported machines on the app\'s own xstate', () => {
    expect(manifest.peerDependencies).toEqual({ xstate: '^5.23.0' });
    expect(Object.keys(manifest.dependencies)).not.toContain('xstate');
  });

  it('declares itself free of side effects and lists the steward-source condition first in every entry point', () => {
    expect(manifest.sideEffects).toBe(false);
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target), subpath).toEqual(['steward-source', 'import', 'require']);
    }
  });

  it('gives TypeScript consumers .d.ts types for import and .d.cts types for require', async () => {
    const usage = [
      "import { createAuthRuntime, type AuthRuntime } from '@steward/auth-core';",
      "import { SRP_N_HEX } from '@steward/auth-core/srp';",
      "const runtime: AuthRuntime = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });",
      'export const region: string = runtime.config.region;',
      'export const modulusHex: string = SRP_N_HEX;',
    ].join('\n');
    await writeFile(join(workDir, 'types-esm.mts'), usage);
    await writeFile(join(workDir, 'types-cjs.cts'), usage);
    await writeFile(
      join(workDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2023', 'dom'], strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ['types-esm.mts', 'types-cjs.cts'],
      }),
    );
    const tsc = requireHere.resolve('typescript/bin/tsc');
    const { stdout } = await run(process.execPath, [tsc, '-p', join(workDir, 'tsconfig.json'), '--listFiles']);
    const listed = stdout.split('\n').map((line) => line.trim());
    for (const file of ['dist/index.d.ts', 'dist/index.d.cts', 'dist/srp/index.d.ts', 'dist/srp/index.d.cts']) {
      expect(listed.some((line) => line.endsWith(`/node_modules/@steward/auth-core/${file}`)), file).toBe(true);
    }
  });
});

describe('the packed tarball, as `pnpm publish` uploads it', () => {
  let tarball: string;
  let packedPaths: string[];

  beforeAll(async () => {
    // pnpm, not npm: releases go through `changeset publish`, which publishes with pnpm. Scripts are off
    // because prepack would only rebuild what beforeAll above already built.
    const { stdout } = await run('pnpm', ['--config.ignore-scripts=true', 'pack', '--json', '--pack-destination', workDir], { cwd: installed });
    const packed = JSON.parse(stdout) as { filename: string; files: { path: string }[] };
    tarball = packed.filename;
    packedPaths = packed.files.map((file) => file.path);
  }, 60_000);

  it('holds only dist, README.md, CHANGELOG.md, LICENSE and package.json, including every file the manifest points at', () => {
    const topLevel = ['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json'];
    expect(packedPaths.filter((path) => !(path.startsWith('dist/') || topLevel.includes(path)))).toEqual([]);
    expect(packedPaths).toEqual(expect.arrayContaining(topLevel));
    const published = new Set(packedPaths);
    const exportTargets = Object.values(manifest.exports).flatMap((target) =>
      typeof target === 'string'
        ? [target]
        : Object.entries(target)
            .filter(([condition]) => condition !== 'steward-source')
            .flatMap(([, value]) => (typeof value === 'string' ? [value] : Object.values(value))),
    );
    expect(exportTargets.length).toBeGreaterThanOrEqual(17);
    // main, module and types serve tools that predate `exports`; typesVersions serves TypeScript's node10 resolution.
    const legacyTargets = [manifest.main, manifest.module, manifest.types, ...Object.values(manifest.typesVersions).flatMap((paths) => Object.values(paths).flat())];
    expect([...exportTargets, ...legacyTargets].filter((target) => !published.has(target.replace(/^\.\//, '')))).toEqual([]);
    // Tests and internal test helpers stay out; the ./testing entry is the one place test doubles ship.
    expect(packedPaths.filter((path) => !path.startsWith('dist/testing/') && /test|fake-cognito|server-script|vectors/.test(path))).toEqual([]);
  });

  it('passes publint with no error, warning or suggestion', async () => {
    const bytes = await readFile(tarball);
    const tarballData = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const { messages, pkg } = await publint({ pack: { tarball: tarballData }, level: 'suggestion', strict: true });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg) ?? message.code}`)).toEqual([]);
  }, 60_000);

  it('passes attw: every entry point resolves to types matching its JavaScript in node10, node16 (from CJS and ESM) and bundler', async () => {
    const attw = join(packageDir, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    // --no-definitely-typed keeps attw offline: it would otherwise look for @types packages on npm.
    const args = [attw, tarball, '--no-definitely-typed', '--no-color'];
    const report = await run(process.execPath, [...args, '--format', 'json']).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    const { analysis } = JSON.parse(report) as AttwReport;
    if (analysis.problems.length > 0) {
      // The table names each entry point and resolution mode that failed.
      const table = await run(process.execPath, [...args, '--format', 'ascii']).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      expect.fail(`attw found problems:\n${table.stdout}`);
    }
    const modes = ['node10', 'node16-cjs', 'node16-esm', 'bundler'];
    const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath !== './package.json');
    expect(subpaths).toEqual(['.', './srp', './cognito', './testing']);
    for (const subpath of subpaths) {
      const resolutions = analysis.entrypoints[subpath]?.resolutions ?? {};
      expect(Object.keys(resolutions).sort(), subpath).toEqual([...modes].sort());
      for (const mode of modes) {
        const types = resolutions[mode]?.resolution?.fileName ?? 'unresolved';
        expect(types, `${subpath} in ${mode}`).toMatch(/\/dist\/.+\.d\.c?ts$/);
      }
    }
  }, 120_000);

  it('publishes types that name no Node global and import only peer dependencies (no jose, no @types/node)', async () => {
    const dist = join(installed, 'dist');
    const declarationFiles = (await readdir(dist, { recursive: true })).filter((path) => /\.d\.c?ts$/.test(path));
    expect(declarationFiles.length).toBeGreaterThanOrEqual(8);
    const nodeGlobals: string[] = [];
    const imported = new Set<string>();
    for (const path of declarationFiles) {
      const text = await readFile(join(dist, path), 'utf8');
      if (/\bNodeJS\.|<reference types="node"|\bBuffer\b/.test(text)) nodeGlobals.push(path);
      for (const [, specifier] of text.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)) {
        if (specifier !== undefined && !specifier.startsWith('.')) imported.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier));
      }
    }
    expect(nodeGlobals).toEqual([]);
    expect([...imported].filter((name) => manifest.peerDependencies[name] === undefined)).toEqual([]);
  });
});

/** The parts of `attw --format json` the test reads. */
interface AttwReport {
  analysis: {
    problems: unknown[];
    entrypoints: Record<string, { resolutions: Record<string, { resolution?: { fileName: string } }> }>;
  };
}
