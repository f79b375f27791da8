import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';

import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import type { Options } from 'tsup';

/** The package's entry points: `.`, `./srp`, `./cognito` and `./testing` in package.json's exports. */
const entries = {
  index: 'src/index.ts',
  'srp/index': 'src/srp/index.ts',
  'cognito-provider/index': 'src/cognito-provider/index.ts',
  'testing/index': 'testing/index.ts',
};

/** The source modules the entry points reach at run time: no tests, test helpers or type-only files. */
async function runtimeModules(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: Object.values(entries),
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'neutral',
    write: false,
    outdir: 'unused',
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs).filter((path) => path.startsWith('src/') && path.endsWith('.ts'));
}

/**
 * For the ESM build of `./testing`: every import of a production module (`../src/…`) stays an import,
 * of that module's file in the ESM build (`dist/testing/index.js` → `../runtime/auth-runtime.js`), so
 * the doubles and the app under test share one copy of every module (the Hub, error classes, stores).
 */
const productionModulesFromBuild: Plugin = {
  name: 'production-modules-from-build',
  setup(pluginBuild) {
    const sourceDir = resolve('src');
    pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
      const fromSource = relative(sourceDir, resolve(args.resolveDir, args.path));
      if (fromSource.startsWith('..')) return undefined;
      return { path: `../${fromSource.replaceAll('\\', '/')}`, external: true };
    });
  },
};

const shared = { target: 'es2022', platform: 'neutral', sourcemap: false, clean: false } satisfies Options;

export default defineConfig(async (cli) => {
  // The two builds write into one folder concurrently, so neither may clean it: empty it once here.
  rmSync(cli.outDir ?? 'dist', { recursive: true, force: true });
  const modules = await runtimeModules();
  return [
    {
      // ESM keeps one file per source module: with `sideEffects: false` an app's bundler drops every
      // module it does not import (a single bundled file would keep the machines' top-level setup()
      // calls and everything they reach, whatever the app imports).
      ...shared,
      entry: modules,
      format: 'esm',
      bundle: false,
      dts: { entry: entries },
    },
    {
      // The test doubles of `./testing` in one file (bundler tree-shaking does not matter for them);
      // their imports of production modules point at the files above.
      ...shared,
      entry: { 'testing/index': entries['testing/index'] },
      format: 'esm',
      bundle: true,
      esbuildPlugins: [productionModulesFromBuild],
    },
    {
      // CJS is for Node's require(): one file per entry point, sharing a chunk so `.` and `./srp` hand
      // out the same classes (instanceof SrpError holds across the two).
      ...shared,
      entry: entries,
      format: 'cjs',
      splitting: true,
      dts: { entry: entries },
    },
  ];
});
