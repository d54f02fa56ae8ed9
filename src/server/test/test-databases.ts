import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseLocation } from '../db/client.js';

export interface TestDatabase {
  location: DatabaseLocation;
  drop(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** A fresh database; `persistent` keeps PGlite on disk so a second app can reopen it (a restart). */
  create(options?: { persistent?: boolean }): Promise<TestDatabase>;
}

/** The migrated template (pglite-template.ts), read once per test file. */
let migratedTemplate: Blob | undefined;

async function createPgliteDatabase(persistent: boolean): Promise<TestDatabase> {
  if (!persistent) {
    migratedTemplate ??= new Blob([await readFile(inject('pgliteTemplate'))]);
    return {
      location: { inMemory: true, startFrom: migratedTemplate },
      drop: async () => undefined,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-pglite-'));
  return {
    location: { dataDir },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty PostgreSQL database per test file, so files run in parallel without sharing rows. */
async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    location: { url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The databases every API test runs against: the embedded PGlite always, and PostgreSQL too when
 * TEST_DATABASE_URL names a server (CI sets it), because production runs on either.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [
    { name: 'pglite', create: (options) => createPgliteDatabase(options?.persistent ?? false) },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) kinds.push({ name: 'postgres', create: () => createPostgresDatabase(adminUrl) });
  return kinds;
}
