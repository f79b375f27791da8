import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * Files read at run time rather than imported, by their path under src/. The build copies them to
 * the same path under dist/, where src/runtime/code-location.ts looks for them in a build.
 */
const SHIPPED_FILES = ['db/migrations', 'oauth/login/assets'];

export default defineConfig({
  // The process entry, the CLI, and the embedding API (startServer) of package.json's exports.
  entry: { main: 'src/main.ts', cli: 'src/cli.ts', index: 'src/index.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  // One chunk per shared part: main and cli load the same modules once, and code-location.ts sits in dist/.
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  // The workspace packages are bundled from their sources (nothing else to build first), with their
  // own dependencies that the server does not list; npm dependencies stay in node_modules.
  noExternal: [/^@steward\//, /^@noble\//],
  esbuildOptions(options) {
    options.conditions = ['steward-source'];
  },
  onSuccess: async () => {
    for (const relative of SHIPPED_FILES) cpSync(`src/${relative}`, `dist/${relative}`, { recursive: true, filter: (source) => !source.endsWith('.ts') });
  },
});
