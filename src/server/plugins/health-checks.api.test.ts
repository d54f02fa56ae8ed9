import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { readMigrationStatus } from '../db/migration-status.js';
import { seedReferenceData } from '../db/seed-reference-data.js';
import { startTestApp, TEST_DATA_KEY, TEST_TOKEN_SECRET, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

describe.each(testDatabaseKinds())('health checks on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 200 on a migrated database and 503 with the reason on one behind', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });

    // The newest migration's record removed: as if this build were newer than the database.
    const [newest] = (
      (await t.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at::text as created_at`,
      )) as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({
        status: 'unavailable',
        reason: expect.stringMatching(/^the database has (\d+) of (\d+) migrations$/) as string,
      });
    } finally {
      await t.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest?.hash}, ${newest?.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('readiness without a database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'readyz-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 once the database is gone, and /healthz still 200', async () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TOKEN_SECRET: TEST_TOKEN_SECRET,
      DATA_KEY: TEST_DATA_KEY,
      LOG_LEVEL: 'silent',
    };
    const app = await buildApp(
      { ...loadConfig(env), database: { inMemory: true } },
      { webDistDir: join(dataDir, 'no-web') },
    );
    await app.database.migrate();
    await seedReferenceData(app.db);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // The database goes away under a running server (here: its connection is closed).
    await app.database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'the database is unreachable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      // Closing the app closes the database again, which has nothing left to close.
      await app.close().catch(() => undefined);
    }
  });

  it('calls a database never migrated not migrated', async () => {
    const handle = openDatabase({ inMemory: true }, () => undefined);
    try {
      expect(await readMigrationStatus(handle.db)).toMatchObject({
        ok: false,
        reason: 'not_migrated',
      });
    } finally {
      await handle.close();
    }
  });
});
