// End-to-end tests drive a browser of the operating system's (test tools cannot download their
// own here): Debian's chromium-headless-shell, Chromium's headless build without the desktop
// browser's window, GPU process and interface renderers. On CI's two cores, next to the server,
// it ran the journeys in about two thirds of the time the full chromium took. Install the
// package when no browser is found.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = {
  path: '/usr/bin/chromium-headless-shell',
  debianPackage: 'chromium-headless-shell',
};

/** The browser the journeys drive: CHROMIUM_PATH names another one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL.path;

export function ensureBrowser() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (CHROMIUM_PATH !== HEADLESS_SHELL.path) {
    throw new Error(`CHROMIUM_PATH names ${CHROMIUM_PATH}, which does not exist`);
  }
  console.log(
    `No browser at ${CHROMIUM_PATH}: installing Debian's ${HEADLESS_SHELL.debianPackage}.`,
  );
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    execFileSync(cmd, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', HEADLESS_SHELL.debianPackage]);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`The browser is still missing at ${CHROMIUM_PATH}`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBrowser();
