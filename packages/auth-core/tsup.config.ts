import { rmSync } from 'node:fs';

import { build } from 'esbuild';
import { defineConfig } from 'tsup';
import type { Options } from 'tsup';

/** The package's entry points: `.` and `./srp` in package.json's exports. */
const entries = { index: 'src/index.ts', 'srp/index': 'src/srp/index.ts' };

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
