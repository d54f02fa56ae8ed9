import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import type { Database } from './client.js';
import { queryRows } from './query-rows.js';

export type MigrationStatus =
  | { ok: true }
  | { ok: false; reason: 'not_migrated' | 'behind'; applied: number; expected: number };

/** The newest migration this build carries, read once: the files do not change while we run. */
let expected: { count: number; newestMillis: number } | undefined;
function expectedMigrations() {
  if (!expected) {
    const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
    expected = {
      count: files.length,
      newestMillis: Math.max(0, ...files.map((f) => f.folderMillis)),
    };
  }
  return expected;
}

/**
 * Whether the database has every migration of this build. Drizzle's migrator records each
 * applied migration in drizzle.__drizzle_migrations with its folder time, and applies only those
 * newer than the newest recorded, so "migrated" means that newest time reaches ours. A database
 * never migrated has no such table. Throws only when the database cannot be reached.
 */
export async function readMigrationStatus(db: Database): Promise<MigrationStatus> {
  const want = expectedMigrations();
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) {
    return { ok: false, reason: 'not_migrated', applied: 0, expected: want.count };
  }
  const [row] = await queryRows<{ applied: number; newest: string | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  const applied = row?.applied ?? 0;
  if (Number(row?.newest ?? 0) >= want.newestMillis) return { ok: true };
  return { ok: false, reason: 'behind', applied, expected: want.count };
}
