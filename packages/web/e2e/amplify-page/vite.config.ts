import { defineConfig } from 'vite';

// Builds the aws-amplify test page into e2e/amplify-page/dist, served by a Steward server as its web app.
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
