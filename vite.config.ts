import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brandPlugin, webAppManifest } from './scripts/brand/brand-plugin.js';
import { CONSOLE_CHUNK_PREFIX, chunkFileName } from './scripts/page-shells/console-chunks.js';
import { pageShellsPlugin } from './scripts/page-shells/page-shells-plugin.js';
import { precompressPlugin } from './scripts/precompress/precompress-plugin.js';
import { readBrandingSettings } from './src/shared/branding.js';
import { PAGES } from './src/web/app/pages.js';

/** A compiled message catalogue (src/shared/locales/<language>/<catalogue>.ts, decision 021). */
const CATALOGUE_MODULE = /\/src\/shared\/locales\/([^/]+)\/([^/]+)\.ts$/;

/**
 * A catalogue's chunk is named for what it holds (`catalogue-web-ar-…`), so a page's file list and
 * a test can tell one language's texts from the app's code; other chunks as chunkFileName names them.
 */
function fileNameOf(chunk: { moduleIds: readonly string[] }): string {
  const catalogue = chunk.moduleIds
    .map((id) => CATALOGUE_MODULE.exec(id.replaceAll('\\', '/')))
    .find((match) => match !== null);
  return catalogue
    ? `assets/catalogue-${catalogue[2]}-${catalogue[1]}-[hash].js`
    : chunkFileName(chunk);
}

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:5001';
// A bad BRAND_* value stops the build with a message naming the variable.
const branding = readBrandingSettings(process.env);

export default defineConfig({
  root: webRoot,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    brandPlugin(branding),
    VitePWA({
      // Our own worker (src/web/sw/sw.ts): the POST reads and per-session caches need more than
      // a generated one offers. The page registers it itself, after load (main.tsx).
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.json',
      manifest: webAppManifest(branding),
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // The worker's own precache: the home-screen icons only matter to the browser.
        // The staff console is not precached either: a student's phone never downloads it, and
        // the console works online only (its answers are never kept, src/web/sw/sw.ts).
        globIgnores: [
          'icons/icon-512.png',
          'icons/icon-maskable-512.png',
          `assets/${CONSOLE_CHUNK_PREFIX}*`,
        ],
      },
    }),
    precompressPlugin(),
    pageShellsPlugin(PAGES),
  ],
  define: { __BRANDING__: JSON.stringify(branding) },
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/web/lib/use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 modules supports modulepreload: the polyfill is dead weight
    // in the entry chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Required by the inlining below; the app's entry has no exports anyone imports.
      preserveEntrySignatures: false,
      output: {
        // The staff console's chunks are named console-… (scripts/page-shells/console-chunks.ts).
        entryFileNames: chunkFileName,
        chunkFileNames: fileNameOf,
        codeSplitting: {
          // Small chunks shared by a few pages are copied into each page's chunk instead of being
          // fetched on their own: a page loads 5 to 11 files, not 12 to 30, each a round trip on a
          // slow connection, for about a quarter more bytes in all (docs/decisions/010). The copies
          // share one module state (rolldown's runtime).
          experimentalInlineCommonChunks: { maxSize: 32 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5000,
    strictPort: true,
    // In development the API runs on its own port; Vite forwards to it so the browser sees one origin.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
