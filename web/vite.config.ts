import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressionPlugins } from './build-plugins/compress.ts';
import { pwaPlugins } from './build-plugins/pwa.ts';

const ownScript = /\/(web\/src|packages\/shared\/src)\/.*\.tsx?$/;
/** A TypeScript module of the web app or of @touchline/shared (not CSS, not a dependency). */
const isOwnScript = (id: string) => ownScript.test(id) && !id.endsWith('/main.tsx');

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), ...pwaPlugins(), ...compressionPlugins()],
  // `@/…` is `web/src/…` (also in tsconfig.json and vitest.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
      '/media-private': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page needs (scripts/web-report.ts). Dot
    // directories are never served (services/api/src/plugins/spa.ts).
    manifest: true,
    // Every browser we serve preloads modules natively: no polyfill in the first chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // Our own modules and the shared package run nothing when imported (no module-level side
        // effects but CSS): a module none of whose exports is used is left out entirely. Without
        // this, a feature's barrel (index.ts) put the whole feature — and @touchline/shared's
        // every schema with the states/LGA table — in the chunk of whichever page imported it first.
        moduleSideEffects: (id: string) => !isOwnScript(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // zod in a chunk of its own: left to the default grouping it shared a chunk with the
            // small constants modules every page imports (roles, messages), so the login page's
            // first load carried all of zod (web/e2e/budgets.spec.ts, 110 kB).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
