import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['steward-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['steward-source'], externalConditions: ['steward-source'] } },
  test: {
    name: 'components',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 15_000,
  },
});
