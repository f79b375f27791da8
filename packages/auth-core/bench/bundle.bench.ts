// Bundle cost of the sign-in surface an app needs: configure, signIn, confirmSignIn, fetchAuthSession
// and signOut, bundled for the browser, minified and gzipped with esbuild, auth-core against the same
// imports from aws-amplify v6 (a devDependency for this bench and the interop tests only).
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'esbuild';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';

import { machineDescription, writeSection } from './benchmarks-doc.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(packageDir, 'src');
const heading = '## auth-core: bundle size';
/** Issue 14 item 5's goal: auth-core at most 0.6x Amplify's gzipped size (issue 13's was 0.5x). */
export const goalRatio = 0.6;

/**
 * XState's API as auth-core's machines and drivers use it (src/machines/sign-in-machine.ts, sign-in-driver.ts):
 * the machines are built by src/machines/machine-setup.ts's `setup`, which calls `createMachine` (xstate's
 * own `setup()` would keep every action creator it returns).
 */
const xstateApi = ['assign', 'createActor', 'createMachine', 'fromPromise', 'waitFor'] as const;

/** The fixed apps: the same five functions on both libraries, and XState alone. */
const apps = {
  'auth-core': [
    `import { configure, signIn, confirmSignIn, fetchAuthSession, signOut } from ${JSON.stringify(join(srcDir, 'index.ts'))};`,
    'export { configure, signIn, confirmSignIn, fetchAuthSession, signOut };',
  ].join('\n'),
  'aws-amplify': [
    "import { Amplify } from 'aws-amplify';",
    "import { signIn, confirmSignIn, fetchAuthSession, signOut } from 'aws-amplify/auth';",
    'export const configure = (config) => Amplify.configure(config);',
    'export { signIn, confirmSignIn, fetchAuthSession, signOut };',
  ].join('\n'),
  // xstate is auth-core's only runtime dependency in this bundle (SRP hashes with WebCrypto, jose is
  // types only), and the issue requires it (the functions must drive the XState machines).
  'xstate only': `export { ${xstateApi.join(', ')} } from 'xstate';`,
  // The absolute XState minimum: the smallest API that can define and run a machine at all.
  'xstate minimum': "export { createActor, createMachine } from 'xstate';",
} as const;
type AppName = keyof typeof apps;

/** Sizes of one app's bundle in bytes, with what the floor is derived from. */
export interface BundleSizes {
  raw: number;
  minified: number;
  gzip: number;
  metafile: Metafile;
  /** The unminified output: one "// <input path>" section per module, with esbuild's (mostly kept) names. */
  unminified: string;
}

const options = (name: string, contents: string, minify: boolean, plugins: Plugin[] = []): BuildOptions => ({
  stdin: { contents, resolveDir: packageDir, sourcefile: `${name}-app.js`, loader: 'js' },
  // Metafile paths (and the unminified section headers) relative to the package, whatever the cwd.
  absWorkingDir: packageDir,
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  // What an app's production build does; without it some libraries keep development-only code.
  define: { 'process.env.NODE_ENV': '"production"' },
  minify,
  metafile: true,
  logLevel: 'silent',
  plugins,
});

/** Bundles an app's source twice (plain and minified) and measures both, plus the gzip of the minified one. */
export async function measureSource(name: string, contents: string, plugins: Plugin[] = []): Promise<BundleSizes> {
  const raw = await build(options(name, contents, false, plugins));
  const min = await build(options(name, contents, true, plugins));
  const rawOutput = raw.outputFiles![0];
  const minBytes = min.outputFiles![0].contents;
  return {
    raw: rawOutput.contents.byteLength,
    minified: minBytes.byteLength,
    gzip: gzipSync(minBytes, { level: 9 }).byteLength,
    metafile: min.metafile!,
    unminified: rawOutput.text,
  };
}

/** Bundles one of the fixed apps and measures it. */
export async function measureApp(app: AppName): Promise<BundleSizes> {
  return measureSource(app, apps[app]);
}

/** Some exports of one module: a path relative to the package (as in the metafile) or a bare package name. */
export interface ModuleExports {
  module: string;
  names: string[];
}

/** The runtime (value) exports of each module, read from esbuild's metafile; types are erased, so they never appear. */
export async function exportsOf(modules: readonly string[]): Promise<Map<string, string[]>> {
  if (modules.length === 0) return new Map();
  // One unbundled build per module (all at once): its output's `exports` is the module's own export list.
  const result = await build({
    entryPoints: [...modules],
    absWorkingDir: packageDir,
    bundle: false,
    write: false,
    format: 'esm',
    // Required with several entry points; nothing is written (write: false).
    outdir: join(packageDir, 'exports-of'),
    metafile: true,
    logLevel: 'silent',
  });
  const byModule = new Map<string, string[]>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint !== undefined) byModule.set(output.entryPoint, [...output.exports].sort());
  }
  return byModule;
}

/**
 * Which of `exportNames` the unminified bundle still declares in `module`'s section. esbuild keeps
 * top-level names and renames a collision by appending digits (the session classes of
 * auth-errors.ts become `SignInException2` next to the catalogue's `SignInException`).
 */
export function survivingExports(unminified: string, modules: ReadonlySet<string>, module: string, exportNames: readonly string[]): string[] {
  const lines = unminified.split('\n');
  const header = (line: string): string | undefined => (line.startsWith('// ') && modules.has(line.slice(3)) ? line.slice(3) : undefined);
  const start = lines.findIndex((line) => header(line) === module);
  if (start < 0) return [];
  let end = lines.findIndex((line, i) => i > start && header(line) !== undefined);
  if (end < 0) end = lines.length;
  const wanted = new Set(exportNames);
  const kept = new Set<string>();
  // Only column-0 declarations are top-level; esbuild prints `export const/class` as `var`, functions as they are.
  const declaration = /^(?:var|let|const|class|(?:async )?function\*?) ([\w$]+)/;
  for (const line of lines.slice(start + 1, end)) {
    const name = declaration.exec(line)?.[1];
    if (name === undefined) continue;
    if (wanted.has(name)) kept.add(name);
    else if (wanted.has(name.replace(/\d+$/, ''))) kept.add(name.replace(/\d+$/, ''));
  }
  return exportNames.filter((name) => kept.has(name));
}

/** For each of the bundle's own modules that `select` picks, the exports of it that survive tree-shaking. */
export async function keptExports(bundle: BundleSizes, select: (inputPath: string) => boolean): Promise<ModuleExports[]> {
  const inputs = Object.keys(bundle.metafile.inputs);
  const modules = inputs.filter((path) => !path.split('/').includes('node_modules') && select(path)).sort();
  const exported = await exportsOf(modules);
  const all = new Set(inputs);
  return modules
    .map((module) => ({ module, names: survivingExports(bundle.unminified, all, module, exported.get(module) ?? []) }))
    .filter((entry) => entry.names.length > 0);
}

/** True for auth-core's error modules: src/errors/ (catalogue, classes, passkey mapping) and the SRP module's errors.ts. */
export function isErrorModule(inputPath: string): boolean {
  return /^src\/(errors\/[^/]+|srp\/errors)\.ts$/.test(inputPath) && !inputPath.endsWith('.test.ts');
}

/** The error definitions (catalogue rows, error classes, mappers) the bundle contains: surviving exports of the error modules. */
export async function keptErrorDefinitions(bundle: BundleSizes): Promise<ModuleExports[]> {
  return keptExports(bundle, isErrorModule);
}

/** True for the SRP modules other than its errors (those are counted with the error definitions). */
function isSrpModule(inputPath: string): boolean {
  return inputPath.startsWith('src/srp/') && !isErrorModule(inputPath);
}

/** The Cognito JSON transports: the user-pool call every round trip uses, and the identity-pool call of fetchAuthSession's credentials. */
const transports: readonly ModuleExports[] = [
  { module: 'src/cognito/user-pool-client.ts', names: ['callUserPool'] },
  { module: 'src/identity-pool/identity-pool-client.ts', names: ['callIdentityPool'] },
];

/** The pieces of the floor app, each a list of real exports to import. */
export interface FloorParts {
  xstate: ModuleExports[];
  srp: ModuleExports[];
  transport: ModuleExports[];
  errors: ModuleExports[];
}

/**
 * What the five functions cannot do without, read off the full auth-core bundle: XState's API as
 * auth-core uses it, every src/srp/ export the full bundle keeps (the browser SRP path: ephemeral,
 * WebCrypto key and claim signature, device verifier), the transports it keeps, and exactly the
 * error definitions it keeps.
 */
export async function floorParts(full: BundleSizes): Promise<FloorParts> {
  const keptTransports = await keptExports(full, (path) => transports.some((t) => t.module === path));
  return {
    xstate: [{ module: 'xstate', names: [...xstateApi] }],
    srp: await keptExports(full, isSrpModule),
    // Only the transport functions themselves, and only if the full app reaches them.
    transport: transports
      .map((t) => ({ module: t.module, names: t.names.filter((name) => keptTransports.some((k) => k.module === t.module && k.names.includes(name))) }))
      .filter((t) => t.names.length > 0),
    errors: await keptErrorDefinitions(full),
  };
}

/** An app that imports the given exports from auth-core's real source (or npm) and keeps them referenced. */
export function floorSource(imports: readonly ModuleExports[]): string {
  const lines: string[] = [];
  const locals: string[] = [];
  for (const { module, names } of imports) {
    if (names.length === 0) continue;
    const specifier = module.startsWith('src/') ? join(packageDir, module) : module;
    // Short aliases: exports of different modules share names (the catalogue's and the classes' SignInException).
    const aliased = names.map((name) => {
      const local = `k${locals.length}`;
      locals.push(local);
      return `${name} as ${local}`;
    });
    lines.push(`import { ${aliased.join(', ')} } from ${JSON.stringify(specifier)};`);
  }
  return [...lines, `export const kept = [${locals.join(', ')}];`].join('\n');
}

const allParts = (parts: FloorParts): ModuleExports[] => [...parts.xstate, ...parts.srp, ...parts.transport, ...parts.errors];

/**
 * The floor's imports without the exports other kept code already pulls in (a catalogue row its
 * class uses, `SRP_N`, ...): referencing those too would add bytes no app pays, and the margin
 * against the goal is about a kilobyte. An SRP or error export is dropped when a floor without it
 * still declares it; measureFloor then checks that the whole kept set survives.
 */
export async function floorRoots(parts: FloorParts): Promise<ModuleExports[]> {
  const imports = allParts(parts);
  const candidates = [...parts.srp, ...parts.errors].flatMap(({ module, names }) => names.map((name) => ({ module, name })));
  const without = (drop: { module: string; name: string }): ModuleExports[] =>
    imports.map((entry) => (entry.module === drop.module ? { module: entry.module, names: entry.names.filter((name) => name !== drop.name) } : entry));
  const redundant = await Promise.all(
    candidates.map(async (drop) => {
      const result = await build(options('floor-probe', floorSource(without(drop)), false));
      const inputs = new Set(Object.keys(result.metafile!.inputs));
      return survivingExports(result.outputFiles![0].text, inputs, drop.module, [drop.name]).length === 1;
    }),
  );
  const dropped = new Set(candidates.filter((_, i) => redundant[i]).map(({ module, name }) => `${module}#${name}`));
  return imports
    .map(({ module, names }) => ({ module, names: names.filter((name) => !dropped.has(`${module}#${name}`)) }))
    .filter((entry) => entry.names.length > 0);
}

/** True for a catalogue row: an object with the name, message and recoverySuggestion the spec requires. */
function isDefinition(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.name === 'string' && typeof row.message === 'string' && typeof row.recoverySuggestion === 'string';
}

/** How many of the kept catalogue exports are error definitions (not the Cognito table or its lookup). */
export async function countDefinitions(errors: readonly ModuleExports[]): Promise<number> {
  const kept = errors.find((entry) => entry.module === 'src/errors/catalogue.ts')?.names ?? [];
  // The bench runs under tsx (and vitest), so the TypeScript catalogue itself can be loaded and inspected.
  const catalogue = (await import(join(packageDir, 'src/errors/catalogue.ts'))) as Record<string, unknown>;
  return kept.filter((name) => isDefinition(catalogue[name])).length;
}

const count = (entries: readonly ModuleExports[]): number => entries.reduce((sum, entry) => sum + entry.names.length, 0);
const sameExports = (a: readonly ModuleExports[], b: readonly ModuleExports[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Parts of the five-function app that only some apps reach at run time (their configuration or their
 * user pool decides), so none can be left out statically; each with the modules that are its code.
 */
export const features: readonly { label: string; modules: readonly string[] }[] = [
  { label: 'Configuration parsing (flat and Amplify shapes, passwordFormat, mfa, oauth)', modules: ['src/config/auth-config.ts'] },
  {
    label: 'Passkey sign-in (WebAuthn browser port, options parsing, error mapping)',
    modules: ['src/runtime/web-authn-browser.ts', 'src/runtime/web-authn-options.ts', 'src/errors/passkey-errors.ts'],
  },
  { label: 'Identity-pool credentials (fetchAuthSession with identityPoolId)', modules: ['src/identity-pool/credentials.ts'] },
  { label: 'Managed-login sign-out (redirect URL choice, /logout)', modules: ['src/oauth/redirect-choice.ts', 'src/sign-out/sign-out-redirect.ts', 'src/oauth/authorize-url.ts'] },
  { label: 'Token cookies (document.cookie port, id and access token cookies)', modules: ['src/storage/cookies.ts', 'src/tokens/token-cookies.ts'] },
  { label: 'Configured password policy (new-password step)', modules: ['src/validation/password-policy.ts', 'src/validation/configured-password-policy.ts'] },
  { label: 'Remembered devices (ConfirmDevice, device store, forgotten-device retry)', modules: ['src/devices/confirm-device.ts', 'src/devices/device-store.ts', 'src/devices/device-not-found.ts'] },
  { label: 'Token refresh', modules: ['src/tokens/token-refresh.ts'] },
  { label: 'Pending sign-in kept across a reload', modules: ['src/machines/sign-in-state-store.ts'] },
  { label: 'Hub events', modules: ['src/events/auth-hub.ts'] },
  { label: 'TOTP setup URI (getSetupUri)', modules: ['src/api/totp-setup-uri.ts'] },
];

/**
 * An esbuild plugin that replaces `modules` (paths relative to the package) by modules exporting the
 * same names as opaque values, so the bundle keeps its callers but none of their code.
 */
export async function leaveOut(modules: readonly string[]): Promise<Plugin> {
  const exported = await exportsOf(modules);
  const stubs = new Map(modules.map((module) => [join(packageDir, module), exported.get(module) ?? []]));
  return {
    name: 'leave-out',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
        const names = stubs.get(args.path);
        if (names === undefined) return undefined;
        return { contents: names.map((name) => `export const ${name} = globalThis[${JSON.stringify(`left-out ${name}`)}];`).join('\n'), loader: 'js' };
      });
    },
  };
}

/** What the five-function app saves without each feature, and without all of them at once (gzip is not additive). */
export interface FeatureCosts {
  each: { label: string; modules: readonly string[]; minified: number; gzip: number }[];
  without: BundleSizes;
}

export async function measureFeatureCosts(full: BundleSizes): Promise<FeatureCosts> {
  const inputs = new Set(Object.keys(full.metafile.inputs));
  // Only what the app contains: a module another change took out of the five functions has nothing to save.
  const present = features
    .map((feature) => ({ ...feature, modules: feature.modules.filter((module) => inputs.has(module)) }))
    .filter((feature) => feature.modules.length > 0);
  const each = [];
  for (const feature of present) {
    const sizes = await measureSource('auth-core', apps['auth-core'], [await leaveOut(feature.modules)]);
    each.push({ ...feature, minified: full.minified - sizes.minified, gzip: full.gzip - sizes.gzip });
  }
  const without = await measureSource('auth-core', apps['auth-core'], [await leaveOut(present.flatMap((feature) => feature.modules))]);
  return { each, without };
}

/** The group an input file of auth-core's bundle belongs to: its npm package, or its folder under src/. */
export function groupOf(inputPath: string): string {
  const parts = inputPath.split(/[\\/]/);
  const modules = parts.lastIndexOf('node_modules');
  if (modules >= 0) {
    const name = parts[modules + 1];
    return name.startsWith('@') ? `${name}/${parts[modules + 2]}` : name;
  }
  const inSrc = relative(srcDir, join(packageDir, inputPath)).split(sep);
  if (inSrc[0] === '..' || inSrc.length < 2) return inSrc.length === 1 ? `src/${inSrc[0]}` : '(app entry)';
  return `src/${inSrc[0]}/`;
}

/** Minified bytes per group, largest first. */
export function breakdown(metafile: Metafile): { group: string; bytes: number }[] {
  const output = Object.values(metafile.outputs)[0];
  const totals = new Map<string, number>();
  for (const [path, input] of Object.entries(output.inputs)) {
    const group = groupOf(path);
    totals.set(group, (totals.get(group) ?? 0) + input.bytesInOutput);
  }
  return [...totals]
    .filter(([, bytes]) => bytes > 0)
    .map(([group, bytes]) => ({ group, bytes }))
    .sort((a, b) => b.bytes - a.bytes);
}

function versionOf(name: string): string {
  const require = createRequire(join(packageDir, 'package.json'));
  let dir = dirname(require.resolve(name));
  // Walk up from the entry file to the package's own package.json.
  for (;;) {
    try {
      const pkg = require(join(dir, 'package.json')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    } catch {
      // No package.json at this level.
    }
    const parent = dirname(dir);
    if (parent === dir) return '?';
    dir = parent;
  }
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** The floor bundle, what it is made of, and a check that it holds exactly the full app's error definitions and SRP code. */
export interface Floor {
  parts: FloorParts;
  /** The exports the floor app imports: the parts minus those other kept code pulls in anyway. */
  roots: ModuleExports[];
  sizes: BundleSizes;
}

/** Builds the floor from the full auth-core bundle and checks it keeps the same error definitions and SRP exports. */
export async function measureFloor(full: BundleSizes): Promise<Floor> {
  const parts = await floorParts(full);
  const roots = await floorRoots(parts);
  const sizes = await measureSource('floor', floorSource(roots));
  // The floor must not pull in more (or fewer) of these than the full app: otherwise it is not a floor.
  const floorErrors = await keptErrorDefinitions(sizes);
  if (!sameExports(floorErrors, parts.errors)) {
    throw new Error(`floor keeps other error definitions than the full app: ${JSON.stringify({ floor: floorErrors, full: parts.errors })}`);
  }
  const floorSrp = await keptExports(sizes, isSrpModule);
  if (!sameExports(floorSrp, parts.srp)) {
    throw new Error(`floor keeps other SRP exports than the full app: ${JSON.stringify({ floor: floorSrp, full: parts.srp })}`);
  }
  return { parts, roots, sizes };
}

/** Runs the bundle bench, prints a markdown table and writes it to docs/benchmarks.md. */
export async function run(): Promise<void> {
  const ours = await measureApp('auth-core');
  const amplify = await measureApp('aws-amplify');
  const xstateOnly = await measureApp('xstate only');
  const xstateMinimum = await measureApp('xstate minimum');
  const floor = await measureFloor(ours);
  const costs = await measureFeatureCosts(ours);
  const ratio = ours.gzip / amplify.gzip;
  const minifiedTotal = ours.minified;
  const goalBytes = amplify.gzip * goalRatio;
  const share = (bytes: number): string => `${((bytes / amplify.gzip) * 100).toFixed(0)}%`;

  const table = [
    '| App (same 5 functions) | Raw (KB) | Minified (KB) | Min + gzip (KB) | gzip vs Amplify |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| @steward/auth-core | ${kb(ours.raw)} | ${kb(ours.minified)} | **${kb(ours.gzip)}** | ${(ratio * 100).toFixed(0)}% |`,
    `| aws-amplify ${versionOf('aws-amplify')} (\`aws-amplify/auth\` + \`Amplify.configure\`) | ${kb(amplify.raw)} | ${kb(amplify.minified)} | **${kb(amplify.gzip)}** | 100% |`,
  ].join('\n');
  const parts = breakdown(ours.metafile);
  const packages = parts.map((p) => p.group).filter((group) => !group.startsWith('src/') && group !== '(app entry)');
  const partsTable = [
    '| Part of the auth-core bundle | Minified (KB) | Share |',
    '| --- | ---: | ---: |',
    ...parts.map((p) => `| ${p.group.startsWith('src/') ? `\`${p.group}\`` : p.group} | ${kb(p.bytes)} | ${((p.bytes / minifiedTotal) * 100).toFixed(1)}% |`),
  ].join('\n');
  const verdict = ratio <= goalRatio ? 'meets' : 'misses';
  const modules = Object.entries(Object.values(ours.metafile.outputs)[0].inputs)
    .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 15);
  const moduleName = (path: string): string => (path.includes('node_modules/') ? `${groupOf(path)} \`${path.slice(path.lastIndexOf('/') + 1)}\`` : `\`${path}\``);
  const modulesTable = [
    '| Module | Minified (KB) | Share |',
    '| --- | ---: | ---: |',
    ...modules.map((m) => `| ${moduleName(m.path)} | ${kb(m.bytes)} | ${((m.bytes / minifiedTotal) * 100).toFixed(1)}% |`),
  ].join('\n');
  const withoutRatio = costs.without.gzip / amplify.gzip;
  const featuresTable = [
    '| Left out of the five-function app | Modules | Saves minified (KB) | Saves min + gzip (KB) |',
    '| --- | --- | ---: | ---: |',
    ...costs.each.map((f) => `| ${f.label} | ${f.modules.map((m) => `\`${m.slice('src/'.length)}\``).join(', ')} | ${kb(f.minified)} | ${kb(f.gzip)} |`),
    `| **All of them at once** | | ${kb(ours.minified - costs.without.minified)} | **${kb(ours.gzip - costs.without.gzip)}** |`,
  ].join('\n');

  const { srp, transport, errors } = floor.parts;
  const catalogueDefinitions = await countDefinitions(errors);
  const code = (names: readonly string[]): string => names.map((name) => `\`${name}\``).join(', ');
  const floorRow = (label: string, sizes: BundleSizes): string => `| ${label} | ${kb(sizes.minified)} | **${kb(sizes.gzip)}** | ${share(sizes.gzip)} |`;
  const floorTable = [
    '| Floor bundle | Minified (KB) | Min + gzip (KB) | gzip vs Amplify |',
    '| --- | ---: | ---: | ---: |',
    floorRow('xstate `createMachine` + `createActor` (the smallest API that runs a machine)', xstateMinimum),
    floorRow(`xstate as auth-core uses it (${code(xstateApi)})`, xstateOnly),
    floorRow('Floor: that xstate API + SRP client + Cognito transport + the error definitions the app keeps', floor.sizes),
    `| Goal: ${goalRatio * 100}% of Amplify | | ${kb(goalBytes)} | ${goalRatio * 100}% |`,
  ].join('\n');
  const rest = ours.gzip - floor.sizes.gzip;
  const restList = 'the sign-in machine and its actors, token store/cookies/refresh, devices, passkeys, sign-out, config, storage and events';
  const floorVerdict =
    floor.sizes.gzip > goalBytes
      ? `- Verdict: the floor alone is ${kb(floor.sizes.gzip)} KB gzipped, ${share(floor.sizes.gzip)} of Amplify, ${kb(floor.sizes.gzip - goalBytes)} KB over the ${goalRatio * 100}% goal (${kb(goalBytes)} KB): the goal cannot be met while the issue requires XState machines plus these features. The goal leaves 0 KB for everything else (${restList}), which costs ${kb(rest)} KB gzipped today (full minus floor).`
      : `- Verdict: the floor is ${kb(floor.sizes.gzip)} KB gzipped, ${share(floor.sizes.gzip)} of Amplify; the goal (${kb(goalBytes)} KB) leaves ${kb(goalBytes - floor.sizes.gzip)} KB for everything else (${restList}), which costs ${kb(rest)} KB gzipped today (full minus floor)${rest > goalBytes - floor.sizes.gzip ? `: ${kb(rest - (goalBytes - floor.sizes.gzip))} KB more than the goal leaves` : ', within it'}.`;

  const body = [
    'An app that imports `configure`, `signIn`, `confirmSignIn`, `fetchAuthSession` and `signOut` (Amplify: the four from',
    '`aws-amplify/auth` plus `Amplify.configure`), bundled by esbuild for the browser (ESM, es2022, `process.env.NODE_ENV`',
    '"production"), minified, then gzipped at level 9. 1 KB = 1024 bytes.',
    '',
    machineDescription(),
    '',
    table,
    '',
    `- auth-core is **${(ratio * 100).toFixed(0)}%** of Amplify's gzipped size (${ratio.toFixed(2)}×, ${(1 / ratio).toFixed(1)}x smaller); the goal is at most ${goalRatio * 100}% (${goalRatio}×): it ${verdict} the goal.`,
    `- npm packages in this bundle: ${packages.map((name) => `${name} ${versionOf(name)}`).join(', ')}. SRP's SHA-256, HMAC and HKDF run on WebCrypto (\`crypto.subtle\`); @noble/hashes ${versionOf('@noble/hashes')} serves only the synchronous server half of \`@steward/auth-core/srp\`; jose ${versionOf('jose')} supplies only the JWT claim types (tokens are decoded with auth-core's own base64 codec).`,
    `- xstate alone (${code(xstateApi)}) is ${kb(xstateOnly.gzip)} KB gzipped, ${share(xstateOnly.gzip)} of Amplify; auth-core's own code adds ${kb(ours.gzip - xstateOnly.gzip)} KB on top.`,
    '- Measured from the TypeScript source; the published ESM build keeps one file per module, so an app bundling the package gets the same bytes (checked by `test/package/package.test.ts`).',
    '',
    "Where auth-core's minified bytes come from (esbuild metafile; gzip is not additive, so shares are of the minified size):",
    '',
    partsTable,
    '',
    'The largest modules:',
    '',
    modulesTable,
    '',
    '### Floor: what the five functions cannot do without',
    '',
    'Bundled the same way, each piece imported from auth-core\'s source (no copies) and derived in the same run from the',
    'full auth-core bundle above (its unminified esbuild output: the top-level names each module still declares after tree-shaking).',
    `The floor app imports the ${count(floor.roots)} of these exports that no other kept code pulls in and keeps them in one exported array.`,
    '',
    `- XState's API as auth-core uses it: ${code(xstateApi)} (the issue requires the flows to be XState machines).`,
    `- SRP client as signIn runs it in a browser: the ${count(srp)} exports of \`src/srp/\` the full bundle keeps, from ${srp.map((entry) => `\`${entry.module.slice('src/srp/'.length)}\``).join(', ')} (ephemeral with the windowed BigInt modpow, WebCrypto password key and claim signature, device SRP and the device verifier of confirmNewDevice).`,
    `- Cognito JSON transport: ${transport.map((entry) => `${code(entry.names)} (\`${entry.module}\`)`).join(', ')}.`,
    `- Error definitions: the ${count(errors)} exports of the error modules the full bundle keeps (${errors.map((entry) => `\`${entry.module}\` ${entry.names.length}`).join(', ')}), ${catalogueDefinitions} of them catalogue rows with their spec message and recoverySuggestion; the bench checks the floor keeps exactly these and the same SRP exports.`,
    '',
    floorTable,
    '',
    floorVerdict,
    `- Gzip is not additive: "full minus floor" is ${kb(ours.gzip)} − ${kb(floor.sizes.gzip)} KB; minified, everything else is ${kb(ours.minified - floor.sizes.minified)} KB of the ${kb(ours.minified)} KB.`,
    '',
    '### What each run-time feature costs',
    '',
    "Whether an app reaches these is decided by its configuration or its user pool's answers, so none can be tree-shaken from",
    'the five functions. Each row is the same app bundled with those modules replaced by stubs exporting the same names (their',
    'callers stay, their code goes), so it is what the feature adds, not a way to ship without it.',
    '',
    featuresTable,
    '',
    `- Without all of them the app would be ${kb(costs.without.gzip)} KB gzipped, ${(withoutRatio * 100).toFixed(0)}% of Amplify: ${costs.without.gzip <= goalBytes ? `within the ${goalRatio * 100}% goal` : `still ${kb(costs.without.gzip - goalBytes)} KB over the ${goalRatio * 100}% goal (${kb(goalBytes)} KB)`}. What is left is the floor above (${kb(floor.sizes.gzip)} KB) plus the sign-in machine with its steps and automatic round trips, the token store and session read of fetchAuthSession, and signOut (${kb(costs.without.gzip - floor.sizes.gzip)} KB gzipped, full app minus the floor minus these features).`,
    '',
    'Run with `pnpm --filter @steward/auth-core bench bundle`.',
  ].join('\n');
  console.log(`\n${heading}\n\n${body}\n`);
  const path = writeSection(heading, body);
  console.log(`updated ${path}`);
}
