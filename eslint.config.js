// One lint configuration for the whole workspace; CI runs it with --max-warnings=0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '**/*.js', '**/*.cjs', '**/*.mjs', '**/test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // auth-core runs unchanged in browsers: no Node built-ins in its source, nor in the test doubles
    // of @steward/auth-core/testing (apps run their unit tests in jsdom and real browsers too).
    files: ['packages/auth-core/src/**/*.ts', 'packages/auth-core/testing/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'auth-core must run in browsers.' }] }],
      'no-restricted-globals': ['error', { name: 'Buffer', message: 'Use Uint8Array.' }, { name: 'process', message: 'Inject configuration instead.' }],
    },
  },
  {
    // collections holds pure rules the web app bundles: no Node built-ins, no ambient process state.
    files: ['packages/collections/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'collections must run in browsers.' }, { group: ['@steward/*'], message: 'collections depends on no other package of ours.' }] }],
      'no-restricted-globals': ['error', { name: 'Buffer', message: 'Use Uint8Array.' }, { name: 'process', message: 'Inject configuration instead.' }],
    },
  },
  {
    // Config files of tools (vite, vitest, tsup) must export default.
    files: ['**/*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
