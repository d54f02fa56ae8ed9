// End-to-end tests drive browsers of the operating system's (test tools cannot download their
// own here). Most journeys run in Debian's chromium-headless-shell, Chromium's headless build
// without the desktop browser's window, GPU process and interface renderers: on CI's two cores,
// next to the server, it ran the journeys in about two thirds of the time the full chromium took.
// The headless shell refuses the notification permission whatever is granted, so the web push
// journey runs in the full chromium, where a service worker's notifications can be shown and read
// back. Each package is installed when its browser is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The browser most journeys drive: CHROMIUM_PATH names another one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The browser of the journeys that show notifications: FULL_CHROMIUM_PATH names another one. */
export const FULL_CHROMIUM_PATH = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

const DEBIAN_PACKAGES = {
  '/usr/bin/chromium-headless-shell': 'chromium-headless-shell',
  '/usr/bin/chromium': 'chromium',
};

function installDebianPackages(packages) {
  console.log(`Installing Debian's ${packages.join(' and ')} for the end-to-end tests.`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    execFileSync(cmd, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', ...packages]);
}

export function ensureBrowser() {
  const missing = [CHROMIUM_PATH, FULL_CHROMIUM_PATH].filter((path) => !existsSync(path));
  if (missing.length === 0) return;
  const unknown = missing.filter((path) => !DEBIAN_PACKAGES[path]);
  if (unknown.length > 0) throw new Error(`No browser at ${unknown.join(' or ')}`);
  installDebianPackages(missing.map((path) => DEBIAN_PACKAGES[path]));
  const stillMissing = missing.filter((path) => !existsSync(path));
  if (stillMissing.length > 0) throw new Error(`Still no browser at ${stillMissing.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBrowser();
