import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { seedDemoData } from '../db/seed.js';
import { refuseStaleStudentFacts } from './derived-student-facts.js';
import type { TestDatabaseKind } from './test-databases.js';

export const TEST_TOKEN_SECRET = 'test-token-secret-that-is-long-enough-0123456789';
export const TEST_DATA_KEY = '0f'.repeat(32);
/** A fixed VAPID key pair: a test server signs web push as production does, from its settings. */
export const TEST_VAPID_KEYS = {
  VAPID_PUBLIC_KEY:
    'BE75anZ8sZRcgIremnCkmXzC9M7ARenyw2cup8PrD2stQmSP-2Yczh80LRqDs2Nsbp2ijrz30-vTjhd8oBRnsec',
  VAPID_PRIVATE_KEY: '9-Fmq3lGvjtgsm7OX0qc-QWfXDTbV8wlZRS7NdnGqZY',
};

/** The settings a test server starts from, as the environment gives them: fixed secrets, no logs. */
export const testSettings = (dataDir: string) => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  TOKEN_SECRET: TEST_TOKEN_SECRET,
  DATA_KEY: TEST_DATA_KEY,
  ...TEST_VAPID_KEYS,
  LOG_LEVEL: 'silent',
});

export interface TestApp {
  app: FastifyInstance;
  /**
   * Closes this app and starts a new one on the same database, as a server restart would; `env`
   * changes settings for the new one (a rotated DATA_KEY).
   */
  restart(env?: Record<string, string>): Promise<void>;
  /** Another server instance on the same database (PostgreSQL only: PGlite has one client). */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions extends BuildOptions {
  /** Keep the database where a restarted app can reopen it. */
  persistent?: boolean;
}

/**
 * A real app on a real, migrated and seeded database of the given kind, with its own data
 * directory. `env` overrides settings as the environment would.
 */
export async function startTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  { persistent = false, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const database = await kind.create({ persistent });
  const configWith = (overrides: Record<string, string>) =>
    loadConfig({ ...testSettings(dataDir), ...env, ...overrides });
  let config = configWith({});
  const build = () =>
    buildApp(
      { ...config, database: database.location },
      { webDistDir: join(dataDir, 'no-web'), ...options },
    );
  const app = await build();
  const extraInstances: FastifyInstance[] = [];
  await app.database.migrate();
  await seedDemoData(app.db, app.dataKeys);
  const testApp: TestApp = {
    app,
    async secondInstance() {
      const other = await build();
      extraInstances.push(other);
      return other;
    },
    async restart(overrides = {}) {
      await testApp.app.close();
      config = configWith(overrides);
      testApp.app = await build();
      await testApp.app.database.migrate();
    },
    async close() {
      try {
        await refuseStaleStudentFacts(testApp.app.db);
      } finally {
        for (const other of extraInstances) await other.close();
        await testApp.app.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  return testApp;
}
