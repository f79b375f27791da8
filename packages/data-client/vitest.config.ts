import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['steward-source'] },
  ssr: { resolve: { conditions: ['steward-source'], externalConditions: ['steward-source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // fast-check knobs (FC_NUM_RUNS, FC_SEED, FC_PATH) and a replay command in every failure report.
    setupFiles: ['./test/properties.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
