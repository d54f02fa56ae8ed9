import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ONBOARDING_DEMO_STUDENT } from './db/demo-identities.js';
import { seedDemoData } from './db/seed.js';
import { seedReferenceData } from './db/seed-reference-data.js';
import { PROJECT_ROOT } from './lib/paths.js';

const SHUTDOWN_GRACE_MS = 10_000;

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

async function main(): Promise<void> {
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
  await app.database.migrate();
  // Before listening, so the wait times the app loads when ready are never an empty list.
  const seeded = config.demoMode
    ? await seedDemoData(app.db, app.dataKeys)
    : await seedReferenceData(app.db);
  if (seeded.length > 0) app.log.info({ seeded }, 'seeded the database');
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Student portal: http://localhost:${port}`,
    `  Database: ${app.database.driver === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}`,
  ];
  if (config.demoMode) {
    lines.push(
      '  Demo mode is on. Onboard the demo student with:',
      `    invite code      ${ONBOARDING_DEMO_STUDENT.inviteCode}`,
      `    passport number  ${ONBOARDING_DEMO_STUDENT.passportNumber}`,
      `    date of birth    ${ONBOARDING_DEMO_STUDENT.dateOfBirth}`,
      '  or press "Try the demo" on the welcome screen.',
    );
  }
  console.log(`${lines.join('\n')}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
