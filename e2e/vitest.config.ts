import { defineConfig } from 'vitest/config';
import { compatTargets } from './amplify-compat/compat-targets.js';

export default defineConfig({
  // The aws-amplify compatibility suite loads its app once per library (amplify-compat/compat-targets.ts).
  plugins: [compatTargets()],
  resolve: { conditions: ['steward-source'] },
  ssr: { resolve: { conditions: ['steward-source'], externalConditions: ['steward-source'] } },
  test: {
    include: ['**/*.test.ts'], exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time on the 2-core machine (vitest's default leaves one core idle): each file
    // waits mostly on its own server (free port, own PGlite or PostgreSQL schema), as the server's suite.
    maxWorkers: 2,
  },
});
