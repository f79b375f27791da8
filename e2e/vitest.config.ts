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
  },
});
