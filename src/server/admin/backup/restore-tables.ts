import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { AdminError } from '../admin-error.js';
import type { Database } from '../../db/client.js';
import { type TBackupManifest, tableFilePath } from './backup-format.js';
import { countRows, restoreSequence, writableColumns } from './database-catalog.js';

/** Rows per INSERT, and the most text one INSERT carries: a table is never held in memory whole. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1024 * 1024;

/**
 * Writes the backup's rows into `tables` (parents first, see listTables) inside the caller's
 * transaction, counts every table, and sets every sequence back. json_populate_recordset turns
 * each row_to_json line back into the table's own row type, so every column of either driver
 * comes back as it was, whichever driver made the backup.
 */
export async function restoreTables(
  tx: Database,
  folder: string,
  manifest: TBackupManifest,
  tables: string[],
): Promise<void> {
  for (const table of tables) {
    try {
      await insertRows(tx, table, tableFilePath(folder, table));
    } catch (error) {
      throw new AdminError(
        `Cannot restore the rows of ${table} (${databaseReason(error)}); nothing was restored.`,
      );
    }
  }
  for (const table of manifest.tables) {
    const rows = await countRows(tx, table.name);
    if (rows !== table.rows) {
      throw new AdminError(
        `${table.name} holds ${rows} rows after the restore where the backup has ${table.rows}; nothing was restored.`,
      );
    }
  }
  for (const sequence of manifest.sequences) await restoreSequence(tx, sequence);
}

async function insertRows(tx: Database, table: string, path: string): Promise<void> {
  const columns = sql.join(
    (await writableColumns(tx, table)).map((column) => sql.identifier(column)),
    sql`, `,
  );
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    // OVERRIDING SYSTEM VALUE: an identity column takes the backed-up id, not a new one.
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`,
    );
    batch = [];
    chars = 0;
  };
  for await (const line of createInterface({
    input: createReadStream(path),
    crlfDelay: Infinity,
  })) {
    if (line === '') continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
}

/**
 * The database's own words. Drizzle wraps them in an error quoting the query and its parameters,
 * here a batch of rows with personal data, which must not reach a terminal or a log.
 */
function databaseReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
