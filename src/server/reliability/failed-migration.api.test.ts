import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import {
  appliedMigrations,
  describeSchema,
  failingMigrationsFolder,
  messagesOf,
  MISSING_TABLE,
  PROBE_TABLE,
} from '../test/failing-migration.js';
import { SERVER_TEST_TIMEOUT_MS, type ServerSite, useServerSite } from '../test/server-site.js';

/** The site's database, migrating from `migrationsFolder` (this build's drizzle/ by default). */
function open(site: ServerSite, migrationsFolder?: string): DatabaseHandle {
  return openDatabase(site.location, () => undefined, migrationsFolder);
}

/** The schema and drizzle's record of applied migrations: what a failed migration must not change. */
async function stateOf(database: DatabaseHandle) {
  return {
    schema: await describeSchema(database.db),
    applied: await appliedMigrations(database.db),
  };
}

// A release whose migration creates a table and then fails. ASVS 5.0 V2.3.3 (the migration is
// all or nothing), V16.5.3 (the server fails closed: it does not serve on a half-migrated schema).
describe.each(testDatabaseKinds())(
  'a failing migration on $name',
  { timeout: SERVER_TEST_TIMEOUT_MS },
  (kind) => {
    const siteOf = useServerSite(kind);
    let failingFolder = '';
    beforeAll(() => {
      failingFolder = failingMigrationsFolder();
    });
    afterAll(() => {
      if (failingFolder) rmSync(failingFolder, { recursive: true, force: true });
    });

    it('rejects and changes nothing, on an empty database and on one with every real migration', async () => {
      const site = siteOf();
      const empty = open(site, failingFolder);
      await expect(empty.migrate()).rejects.toThrow();
      // Every migration of the run was rolled back, the real ones before the failing one included.
      expect(await stateOf(empty)).toEqual({ schema: [], applied: [] });
      await empty.close();

      const migrated = open(site);
      await migrated.migrate();
      const before = await stateOf(migrated);
      expect(before.applied.length).toBeGreaterThan(0);
      await migrated.close();

      const failing = open(site, failingFolder);
      const failure = await failing.migrate().then(
        () => new Error('the failing migration succeeded'),
        (error: unknown) => error,
      );
      expect(messagesOf(failure)).toContain(MISSING_TABLE);
      expect(await stateOf(failing)).toEqual(before);
      const probe = await queryRows<{ present: boolean }>(
        failing.db,
        sql`select to_regclass(${PROBE_TABLE}) is not null as present`,
      );
      expect(probe).toEqual([{ present: false }]);

      if (kind.name === 'postgres') {
        // The advisory lock went with the failure: another instance starting now migrates at once.
        const other = open(site);
        await other.migrate();
        await other.close();
      }
      await failing.close();
    });

    it('stops main.ts with a message naming the reason, before it listens', async () => {
      const site = siteOf();
      // A database whose record of applied migrations is lost: main.ts runs the first migration
      // again, which fails on the tables already there.
      const database = open(site);
      await database.migrate();
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations`);
      const schema = await describeSchema(database.db);
      await database.close();

      const server = site.spawn();
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/Start-up stopped: a database migration failed/);
      expect(server.output()).toMatch(/Reason: relation "\w+" already exists/);
      expect(server.output()).not.toMatch(/Server listening|Student portal/);

      const reopened = open(site);
      expect(await stateOf(reopened)).toEqual({ schema, applied: [] });
      await reopened.close();
    });
  },
);
