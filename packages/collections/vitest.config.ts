import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['**/*.props.test.ts'] } },
      // test/properties.ts: FC_NUM_RUNS, FC_SEED and FC_PATH, and a replay command in every failure report.
      // Properties are CPU-bound: on a busy 2-core machine vitest's 5 s default can cut one mid-run.
      { extends: true, test: { name: 'props', include: ['src/**/*.props.test.ts', 'test/**/*.props.test.ts'], setupFiles: ['./test/properties.ts'], testTimeout: 30_000 } },
    ],
  },
});
