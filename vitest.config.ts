import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { DEFAULT_BRANDING } from './src/shared/branding.js';

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one, on CI's two. The test
    // files wait on databases, child servers and timers as much as on the CPU, so two share them.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['src/server/test/fail-on-console-error.ts'],
          globalSetup: ['src/server/test/pglite-template.ts'],
          // Each API test file starts its own database, which takes its time under load.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        // The web build bakes in the BRAND_* settings (vite.config.ts); its tests see the defaults.
        define: { __BRANDING__: JSON.stringify(DEFAULT_BRANDING) },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: ['src/web/sw/**'],
          setupFiles: ['src/web/test/setup.ts'],
          // A test may wait on several pages' first loads, each up to the 5 s its waits allow
          // (src/web/test/setup.ts): more than Vitest's default of 5 s for the whole test.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          // The service worker has no DOM: its code is tested on the platform's own WebCrypto,
          // Response and TextEncoder, as in a worker (jsdom's ArrayBuffer is not WebCrypto's).
          name: 'worker',
          environment: 'node',
          include: ['src/web/sw/**/*.test.ts'],
        },
      },
    ],
  },
});
