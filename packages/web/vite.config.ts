import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The server that answers /runtime-config.json and the APIs while `vite` serves the app in development.
const devServer = process.env.STEWARD_SERVER_URL ?? 'http://127.0.0.1:3000';

// Libraries every screen needs go to a few long-cached vendor chunks; everything under src/pages
// and the sign-up/reset screens is reached through lazy routes, so each route stays its own chunk.
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'vendor-react';
  if (/[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/.test(id)) return 'vendor-router';
  if (/[\\/]node_modules[\\/](xstate|@xstate)[\\/]/.test(id)) return 'vendor-xstate';
  if (/[\\/]node_modules[\\/]qrcode\.react[\\/]/.test(id)) return 'vendor-qrcode';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['steward-source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    // Every browser the es2022 target means supports <link rel="modulepreload"> (Safari from 17 only
    // skips the hint), so the polyfill is not shipped in the entry chunk.
    modulePreload: { polyfill: false },
    sourcemap: true,
    // The benchmark reads the import graph from the manifest.
    manifest: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  // The /files parser worker loads its XLSX reader on demand: a code-splitting worker must be a module worker.
  worker: { format: 'es' },
  server: {
    proxy: {
      // changeOrigin makes the server build absolute endpoint URLs on its own origin (CORS_ORIGINS must list the dev origin).
      '/runtime-config.json': { target: devServer, changeOrigin: true },
      '/dev': { target: devServer, changeOrigin: true },
    },
  },
});
