import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Every row of every table of the app's schema, as text, and every stored file with its size,
 * so a test can say "this request changed nothing" without knowing what it might have touched.
 * Per table, so a difference names the table.
 */
/** The rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  const rows: unknown = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('a raw query answered no rows array');
  return rows as Row[];
}

export async function dataSnapshot(app: FastifyInstance): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await app.db.execute(sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    // Each row as PostgreSQL prints it, sorted: no column list to keep in step with the schema.
    const rows = rowsOf<{ r: string }>(
      await app.db.execute(sql`select t::text as r from ${sql.identifier(name)} t order by 1`),
    );
    snapshot[name] = createHash('sha256')
      .update(rows.map((row) => row.r).join('\n'))
      .digest('hex')
      .concat(` (${rows.length} rows)`);
  }
  const storage = app.config.storage;
  if (storage.driver === 'local') snapshot.files = listFiles(storage.directory).join('\n');
  return snapshot;
}

function listFiles(root: string, dir = root): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(root, full);
      return [`${relative(root, full)} ${statSync(full).size}`];
    })
    .sort();
}
