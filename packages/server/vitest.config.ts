import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['steward-source'] },
  ssr: { resolve: { conditions: ['steward-source'], externalConditions: ['steward-source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
