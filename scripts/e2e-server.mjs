// The server the end-to-end journeys run against: the production build on a fresh embedded
// database with demo data, exactly what `npm start` serves on a fresh clone.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const child = spawn('node', ['dist/server/main.js'], {
  stdio: 'inherit',
  // No scheduled wait-time refresh: the journeys see the seeded figures, not a live page.
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    VISA_WAIT_TIMES_REFRESH_HOURS: '0',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
