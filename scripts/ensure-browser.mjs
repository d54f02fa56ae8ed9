// End-to-end tests drive the operating system's Chromium (test tools cannot download their own
// browser here). Install Debian's package when no browser is found.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureBrowser() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`No browser at ${CHROMIUM_PATH}: installing Debian's chromium package.`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    execFileSync(cmd, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is still missing at ${CHROMIUM_PATH}`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBrowser();
