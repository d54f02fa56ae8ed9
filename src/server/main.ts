import './lib/require-supported-node.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, configWarnings, loadConfig } from './config.js';
import { DatabaseInUseError } from './db/data-dir-lock.js';
import { DataDirNotPrivateError } from './db/private-data-dir.js';
import { ONBOARDING_DEMO_STUDENT } from './db/demo-identities.js';
import { MigrationFailedError } from './db/migration-failed-error.js';
import { seedDemoData } from './db/seed.js';
import { seedReferenceData } from './db/seed-reference-data.js';
import { PROJECT_ROOT } from './lib/paths.js';
import { createFilesPrivately } from './lib/private-files.js';
import { stopOnSignals } from './lib/stop-on-signals.js';

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

async function main(): Promise<void> {
  createFilesPrivately();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { version: packageVersion() });
  await app.database.migrate().catch(async (error: unknown) => {
    await app.database.close().catch(() => undefined);
    throw new MigrationFailedError(error);
  });
  // Before listening, so the wait times the app loads when ready are never an empty list.
  const seeded = config.demoMode
    ? await seedDemoData(app.db, app.dataKeys)
    : await seedReferenceData(app.db);
  if (seeded.length > 0) app.log.info({ seeded }, 'seeded the database');
  await app.listen({ port: config.port, host: config.host });
  // Before the lines that say it is up: whoever reads them may stop it at once.
  stopOnSignals(app);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Student portal: http://localhost:${port}`,
    `  Staff console:  http://localhost:${port}/staff`,
    `  Database: ${app.database.driver === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}`,
  ];
  if (config.demoMode) {
    lines.push(
      '  Demo mode is on. Onboard the demo student with:',
      `    invite code      ${ONBOARDING_DEMO_STUDENT.inviteCode}`,
      `    passport number  ${ONBOARDING_DEMO_STUDENT.passportNumber}`,
      `    date of birth    ${ONBOARDING_DEMO_STUDENT.dateOfBirth}`,
      '  or press "Try the demo" on the welcome screen.',
      '  In the staff console, "Try as administrator", "Try as agent" or "Try as school officer".',
    );
  }
  console.log(`${lines.join('\n')}\n`);
  for (const warning of configWarnings(config)) {
    app.log.warn(warning);
    console.error(`\n  WARNING: ${warning}\n`);
  }
}

main().catch((error: unknown) => {
  // Another process holds the embedded database, its folder is open to others, or a migration
  // failed: their messages say what happened and what to do, a stack does not.
  const explained =
    error instanceof DatabaseInUseError ||
    error instanceof DataDirNotPrivateError ||
    error instanceof MigrationFailedError;
  if (explained) console.error(error.message);
  else console.error('Start-up failed:', error);
  process.exit(1);
});
