// Bundle cost of the sign-in surface an app needs: configure, signIn, confirmSignIn, fetchAuthSession
// and signOut, bundled for the browser, minified and gzipped with esbuild, auth-core against the same
// imports from aws-amplify v6 (a devDependency for this bench and the interop tests only).
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'esbuild';
import type { BuildOptions, Metafile } from 'esbuild';

import { machineDescription, writeSection } from './benchmarks-doc.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(packageDir, 'src');
const heading = '## auth-core: bundle size';
/** The issue's goal: auth-core at most half of Amplify's gzipped size. */
const goalRatio = 0.5;

/** The two apps: the same five functions, used so the bundler cannot drop them. */
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
  // The floor: xstate is auth-core's only runtime dependency in this bundle (SRP hashes with WebCrypto,
  // jose is types only), and the issue requires it (the functions must drive the XState machines).
  'xstate only': "export { assign, createActor, fromPromise, setup, waitFor } from 'xstate';",
} as const;
type AppName = keyof typeof apps;

/** Sizes of one app's bundle in bytes. */
export interface BundleSizes {
  raw: number;
  minified: number;
  gzip: number;
  metafile: Metafile;
}

const options = (app: AppName, minify: boolean): BuildOptions => ({
  stdin: { contents: apps[app], resolveDir: packageDir, sourcefile: `${app}-app.js`, loader: 'js' },
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
});

/** Bundles one app twice (plain and minified) and measures both, plus the gzip of the minified one. */
export async function measureApp(app: AppName): Promise<BundleSizes> {
  const raw = await build(options(app, false));
  const min = await build(options(app, true));
  const rawBytes = raw.outputFiles![0].contents;
  const minBytes = min.outputFiles![0].contents;
  return { raw: rawBytes.byteLength, minified: minBytes.byteLength, gzip: gzipSync(minBytes, { level: 9 }).byteLength, metafile: min.metafile! };
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

/** Runs the bundle bench, prints a markdown table and writes it to docs/benchmarks.md. */
export async function run(): Promise<void> {
  const ours = await measureApp('auth-core');
  const amplify = await measureApp('aws-amplify');
  const xstateOnly = await measureApp('xstate only');
  const ratio = ours.gzip / amplify.gzip;
  const minifiedTotal = ours.minified;

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
  const body = [
    'An app that imports `configure`, `signIn`, `confirmSignIn`, `fetchAuthSession` and `signOut` (Amplify: the four from',
    '`aws-amplify/auth` plus `Amplify.configure`), bundled by esbuild for the browser (ESM, es2022, `process.env.NODE_ENV`',
    '"production"), minified, then gzipped at level 9. 1 KB = 1024 bytes.',
    '',
    machineDescription(),
    '',
    table,
    '',
    `- auth-core is **${(ratio * 100).toFixed(0)}%** of Amplify's gzipped size (${(1 / ratio).toFixed(1)}x smaller); the goal is at most ${goalRatio * 100}%: it ${verdict} the goal.`,
    `- npm packages in this bundle: ${packages.map((name) => `${name} ${versionOf(name)}`).join(', ')}. SRP's SHA-256, HMAC and HKDF run on WebCrypto (\`crypto.subtle\`); @noble/hashes ${versionOf('@noble/hashes')} serves only the synchronous server half of \`@steward/auth-core/srp\`; jose ${versionOf('jose')} supplies only the JWT claim types (tokens are decoded with auth-core's own base64 codec).`,
    `- Floor: xstate alone (\`setup\`, \`createActor\`, \`fromPromise\`, \`assign\`, \`waitFor\`) is ${kb(xstateOnly.gzip)} KB gzipped, ${((xstateOnly.gzip / amplify.gzip) * 100).toFixed(0)}% of Amplify; auth-core's own code adds ${kb(ours.gzip - xstateOnly.gzip)} KB on top. With the machines kept, the goal leaves ${kb(Math.max(0, amplify.gzip * goalRatio - xstateOnly.gzip))} KB for SRP, the error catalogue's spec messages and every flow.`,
    '- Measured from the TypeScript source; the published ESM build keeps one file per module, so an app bundling the package gets the same bytes (checked by `test/package/package.test.ts`).',
    '',
    "Where auth-core's minified bytes come from (esbuild metafile; gzip is not additive, so shares are of the minified size):",
    '',
    partsTable,
    '',
    'Run with `pnpm --filter @steward/auth-core bench bundle`.',
  ].join('\n');
  console.log(`\n${heading}\n\n${body}\n`);
  const path = writeSection(heading, body);
  console.log(`updated ${path}`);
}
