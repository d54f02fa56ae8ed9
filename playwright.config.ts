import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, FULL_CHROMIUM_PATH } from './scripts/ensure-browser.mjs';

const port = Number(process.env.E2E_PORT ?? 5187);

const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The video interview's journey records with Chromium's own fake camera and microphone,
  // granted without a prompt; no other journey asks for them.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

const browserAt = (executablePath: string) => ({
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: browserArgs },
});

/** Journeys that show a service worker's notifications, which only the full chromium allows. */
const NOTIFICATION_JOURNEYS = /notifications-push\.spec\.ts/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The HTML report keeps what journeys attach (the phone screenshots of
  // e2e/phone-screenshots.spec.ts) for a reviewer: `npx playwright show-report`.
  reporter: [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  // CI's two cores run two browsers and the server: a page's first load, code split by route
  // (docs/decisions/008), can take longer there than the default five seconds to show.
  expect: { timeout: 10_000 },
  use: {
    // WebAuthn accepts localhost as a relying party, not 127.0.0.1.
    baseURL: `http://localhost:${port}`,
    // A failed journey keeps its trace: actions, network and the page's DOM at each step. Frame
    // screenshots (`--trace on` records them) cost the two cores about a fifth of the run.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  // The journeys share one server but no student they change: each demo login is a fresh copy of
  // a persona, and the journeys that onboard someone have onboarding students of their own
  // (scripts/e2e-server.mjs). The published demo student (DEMO-2026) is only ever looked up. So
  // any journey runs alone, in any order, side by side.
  projects: [
    { name: 'chromium', use: browserAt(CHROMIUM_PATH), testIgnore: NOTIFICATION_JOURNEYS },
    {
      name: 'chromium-notifications',
      use: browserAt(FULL_CHROMIUM_PATH),
      testMatch: NOTIFICATION_JOURNEYS,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/config`,
    env: { PORT: String(port) },
    timeout: 60_000,
    reuseExistingServer: false,
  },
});
