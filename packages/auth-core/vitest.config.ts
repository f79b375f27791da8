import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['**/*.props.test.ts'] } },
      { extends: true, test: { name: 'props', include: ['src/**/*.props.test.ts', 'test/**/*.props.test.ts'] } },
    ],
  },
});
