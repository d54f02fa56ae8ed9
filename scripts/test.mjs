// `npm test`: every test on a fresh machine. Unit and API tests, then a production build served
// to the end-to-end journeys in the OS's Chromium.
import { spawnSync } from 'node:child_process';
import { ensureBrowser } from './ensure-browser.mjs';

function run(label, command, args) {
  console.log(`\n== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

ensureBrowser();
// The server reads the catalogues as compiled from their .po files (docs/decisions/021).
run('message catalogues', 'npm', ['run', 'i18n:compile']);
run('unit and API tests', 'npx', ['vitest', 'run']);
run('build', 'npm', ['run', 'build']);
// The build just made: the landing page's JavaScript must stay within its limit (bench/page-weight.ts).
run('page weight', 'npx', ['tsx', 'bench/page-weight.ts', '--check']);
run('end-to-end tests', 'npx', ['playwright', 'test']);
