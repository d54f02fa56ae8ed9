import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS } from '../db/pglite-client.js';
import { MIGRATIONS_DIR } from '../lib/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (test-databases.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global setup for the server tests: migrates one embedded database, once per run, and
 * dumps it to a file. Each API test's in-memory database starts from that dump: PGlite's initdb
 * costs about three seconds of CPU a database, and a run creates dozens.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-pglite-template-'));
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_DIR });
    const dump = join(folder, 'migrated.tar');
    writeFileSync(dump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteTemplate', dump);
  } finally {
    await pglite.close();
  }
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
