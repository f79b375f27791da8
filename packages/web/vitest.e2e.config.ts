import { defineConfig } from 'vitest/config';

// The Chromium end-to-end suite: the production build served by the real server on PGlite.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    // One server and one browser per file; files run one after another to keep the machine calm.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
