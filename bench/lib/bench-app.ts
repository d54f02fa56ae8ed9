import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { createScratchPostgres, type ScratchPostgres } from './scratch-postgres.js';

export interface BenchApp {
  app: FastifyInstance;
  config: Config;
  /** The scratch PostgreSQL database, with BENCH_DATABASE_URL; null on PGlite. */
  postgres: ScratchPostgres | null;
  /** Closes the app and removes its data (BENCH_KEEP=1 keeps the PostgreSQL database, named). */
  close: () => Promise<void>;
}

/**
 * The app as an in-process benchmark measures it, not yet migrated: on a scratch PostgreSQL
 * database when BENCH_DATABASE_URL names a server, else on PGlite in a new data folder; quiet, no
 * wait-time refresh, no web build.
 */
export async function openBenchApp(name: string): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-bench-${name}-`));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl ? await createScratchPostgres(adminUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VISA_WAIT_TIMES_REFRESH_HOURS: '0',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const app = await buildApp(config, { webDistDir: join(dataDir, 'none') });
  return {
    app,
    config,
    postgres,
    close: async () => {
      await app.close();
      if (process.env.BENCH_KEEP === '1' && postgres) console.log(`kept ${postgres.url}`);
      else await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
