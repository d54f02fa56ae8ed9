import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { MIGRATIONS_DIR } from '../lib/paths.js';

/** The table the failing migration creates before it fails: it must never exist. */
export const PROBE_TABLE = 'reliability_probe';

/** A table no migration creates: reading it is what makes the failing migration fail. */
export const MISSING_TABLE = 'reliability_missing_table';

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/**
 * A copy of this build's migrations folder (drizzle/) and its journal; `before`: only the
 * migrations older than the one whose tag ends with it, as a database migrated by an older
 * release has them.
 */
export function copyOfMigrations({ before }: { before?: string } = {}): {
  folder: string;
  journal: Journal;
} {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  if (before !== undefined) {
    const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(before));
    if (cut < 0) throw new Error(`no migration ${before} in drizzle/meta/_journal.json`);
    journal.entries = journal.entries.slice(0, cut);
  }
  for (const { tag } of journal.entries) {
    copyFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), join(folder, `${tag}.sql`));
  }
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
  return { folder, journal };
}

/**
 * A migrations folder holding this build's migrations (drizzle/) and after them one that creates
 * a table and then fails, as a release whose migration breaks halfway would.
 */
export function failingMigrationsFolder(): string {
  const { folder, journal } = copyOfMigrations();
  const last = journal.entries.at(-1);
  if (!last) throw new Error('drizzle/meta/_journal.json lists no migration');
  const tag = `${String(last.idx + 1).padStart(4, '0')}_fails_halfway`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
  writeFileSync(
    join(folder, `${tag}.sql`),
    `CREATE TABLE "${PROBE_TABLE}" ("id" integer PRIMARY KEY);\n--> statement-breakpoint\n` +
      `INSERT INTO "${PROBE_TABLE}" SELECT count(*) FROM "${MISSING_TABLE}";`,
  );
  return folder;
}

/**
 * The schema as text, one line per column and per index of the app's tables, so a test can say
 * "nothing changed" and a difference names what did.
 */
export async function describeSchema(db: Database): Promise<string[]> {
  const columns = await queryRows<{ line: string }>(
    db,
    sql`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable as line
        from information_schema.columns where table_schema = 'public'`,
  );
  const indexes = await queryRows<{ line: string }>(
    db,
    sql`select indexdef as line from pg_indexes where schemaname = 'public'`,
  );
  return [...columns, ...indexes].map((row) => row.line).sort();
}

/** drizzle's record of the migrations applied (its migrator's own table), oldest first. */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return [];
  const rows = await queryRows<{ line: string }>(
    db,
    sql`select id || ' ' || hash || ' ' || created_at as line
        from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((row) => row.line);
}

/** The messages of an error and of its causes: drizzle wraps the database's own error. */
export function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let at: unknown = error; at instanceof Error; at = at.cause) messages.push(at.message);
  return messages.join('\n');
}
