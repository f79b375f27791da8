import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['steward-source'] },
  ssr: { resolve: { conditions: ['steward-source'], externalConditions: ['steward-source'] } },
  test: {
    include: ['**/*.test.ts'], exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
