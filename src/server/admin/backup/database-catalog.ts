import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { TMigration } from './backup-format.js';

/**
 * What a backup reads from PostgreSQL's own catalog rather than from schema.ts, so a table or
 * column added tomorrow is backed up without anyone listing it here. The app's data is the
 * `public` schema; drizzle keeps its record of migrations in its own `drizzle` schema.
 */

/** A table that keeps files names the key column so (documents, moi_videos). */
export const STORAGE_KEY_COLUMN = 'storage_key';

interface ForeignKey {
  child: string;
  parent: string;
}

/** Every table of the app, parents before the tables whose foreign keys point at them. */
export async function listTables(db: Database): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const keys = await queryRows<ForeignKey>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  return parentsFirst(
    tables.map((t) => t.name),
    keys,
  );
}

/**
 * Orders tables so each comes after the tables it refers to (Kahn's algorithm, by name among
 * equals, so the order is stable). A table referring to itself needs no other table first.
 */
export function parentsFirst(tables: string[], keys: ForeignKey[]): string[] {
  const waitingFor = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of keys) {
    if (child !== parent) waitingFor.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  while (waitingFor.size > 0) {
    const ready = [...waitingFor].filter(([, parents]) => parents.size === 0).map(([t]) => t);
    if (ready.length === 0) {
      throw new Error(`The foreign keys of ${[...waitingFor.keys()].join(', ')} form a cycle`);
    }
    for (const table of ready.sort()) {
      ordered.push(table);
      waitingFor.delete(table);
      for (const parents of waitingFor.values()) parents.delete(table);
    }
  }
  return ordered;
}

/** The tables with a storage_key column: their rows name the files a backup must carry. */
export async function tablesWithFiles(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = ${STORAGE_KEY_COLUMN} order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Every storage key the rows of the database refer to, each once. */
export async function referencedStorageKeys(db: Database): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const table of await tablesWithFiles(db)) {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`select ${sql.identifier(STORAGE_KEY_COLUMN)} as key from ${sql.identifier(table)}`,
    );
    for (const row of rows) keys.add(row.key);
  }
  return keys;
}

/**
 * The columns a restore writes: all but the generated ones, which the database computes from the
 * others (students.search_text) and refuses to be given.
 */
export async function writableColumns(db: Database, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/**
 * A table's primary key columns, in key order. A backup writes rows in that order, so the same
 * rows give the same file wherever they stand on disk (a restore's triggers update students after
 * inserting them, which moves them).
 */
export async function primaryKeyColumns(db: Database, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select a.attname as name
        from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${table}`}::regclass and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`,
  );
  return rows.map((r) => r.name);
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** The state of every sequence of the app (serial ids), as setval takes it back. */
export async function readSequences(db: Database): Promise<SequenceState[]> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${sql.identifier(name)}`,
    );
    if (state) states.push({ name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return states;
}

export async function restoreSequence(db: Database, state: SequenceState): Promise<void> {
  await db.execute(
    sql`select setval(${`public.${state.name}`}::regclass, ${state.lastValue}::bigint, ${state.isCalled})`,
  );
}

/** Drizzle's record of the migrations applied to this database, oldest first; none when never migrated. */
export async function readAppliedMigrations(db: Database): Promise<TMigration[]> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return [];
  return queryRows<TMigration>(
    db,
    sql`select created_at::text as "createdAt", hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
}

/** The tables holding at least one row, with their counts, for a refusal that says what is there. */
export async function tablesWithRows(
  db: Database,
  tables: string[],
): Promise<{ name: string; rows: number }[]> {
  const counts: { name: string; rows: number }[] = [];
  for (const name of tables) counts.push({ name, rows: await countRows(db, name) });
  return counts.filter((c) => c.rows > 0);
}

export async function countRows(db: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? 0;
}
