import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { brandPlugin } from './scripts/brand/brand-plugin.js';
import { readBrandingSettings } from './src/shared/branding.js';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:5001';
// A bad BRAND_* value stops the build with a message naming the variable.
const branding = readBrandingSettings(process.env);

export default defineConfig({
  root: webRoot,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss(), brandPlugin(branding)],
  define: { __BRANDING__: JSON.stringify(branding) },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    port: 5000,
    strictPort: true,
    // In development the API runs on its own port; Vite forwards to it so the browser sees one origin.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
