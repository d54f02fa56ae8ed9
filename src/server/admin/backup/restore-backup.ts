import { sql } from 'drizzle-orm';
import { AdminError } from '../admin-error.js';
import type { AdminContext } from '../command.js';
import type { Database } from '../../db/client.js';
import { auditEvents } from '../../db/schema.js';
import { dataKeyCheck, type TBackupManifest } from './backup-format.js';
import { migrationMismatch } from './compare-migrations.js';
import {
  listTables,
  readAppliedMigrations,
  referencedStorageKeys,
  tablesWithRows,
} from './database-catalog.js';
import { removeFiles, type RestoredFiles, restoreFiles } from './restore-files.js';
import { restoreTables } from './restore-tables.js';

export interface RestoreOutcome {
  files: RestoredFiles;
  /** With --replace: files only the replaced rows referred to, removed after the restore. */
  removedFiles: number;
  /** Of those, the ones storage would not remove (left as unused files). */
  unremovedFiles: string[];
}

/**
 * Restores a checked backup (readBackup) into the migrated database and the file storage of
 * `ctx`, all or nothing: files first, each checked, then every row in one transaction. If the
 * transaction fails, it is rolled back and the files stored for it are removed again.
 */
export async function restoreBackup(
  ctx: AdminContext,
  folder: string,
  manifest: TBackupManifest,
  { replace }: { replace: boolean },
): Promise<RestoreOutcome> {
  const tables = await checkTarget(ctx, manifest, replace);
  const files = await restoreFiles(ctx.storage, folder, manifest.files);
  let replacedKeys: Set<string>;
  try {
    replacedKeys = await ctx.db.transaction(async (tx) => {
      const before = replace ? await emptyTables(tx, tables) : await refuseRows(tx, tables);
      await restoreTables(tx, folder, manifest, tables);
      return before;
    });
  } catch (error) {
    await removeFiles(ctx.storage, files.written);
    throw error;
  }
  const restoredKeys = new Set(manifest.files.map((f) => f.key));
  const orphaned = [...replacedKeys].filter((key) => !restoredKeys.has(key));
  const unremovedFiles = await removeFiles(ctx.storage, orphaned);
  return { files, removedFiles: orphaned.length - unremovedFiles.length, unremovedFiles };
}

/** The target's tables in insert order, once the target is known to fit the backup. */
async function checkTarget(
  ctx: AdminContext,
  manifest: TBackupManifest,
  replace: boolean,
): Promise<string[]> {
  if (dataKeyCheck(ctx.config.dataKey) !== manifest.dataKeyCheck) {
    throw new AdminError(
      'The backup was made under another DATA_KEY: its personal fields and lookups would be unreadable here. Run restore with the DATA_KEY of the portal the backup comes from (in development, the one in its DATA_DIR/dev-secrets.json); nothing was restored.',
    );
  }
  const mismatch = migrationMismatch(
    manifest.migrations,
    await readAppliedMigrations(ctx.db),
    'the database',
  );
  if (mismatch) throw new AdminError(mismatch);
  const tables = await listTables(ctx.db);
  const backedUp = new Set(manifest.tables.map((t) => t.name));
  const unlike = [
    ...tables.filter((t) => !backedUp.has(t)),
    ...[...backedUp].filter((t) => !tables.includes(t)),
  ];
  if (unlike.length > 0) {
    throw new AdminError(
      `The backup's tables are not the database's (${unlike.join(', ')} in only one of them); nothing was restored.`,
    );
  }
  if (!replace) await refuseRows(ctx.db, tables);
  return tables;
}

/** Refuses a database holding any row: a restore without --replace never mixes two portals. */
async function refuseRows(db: Database, tables: string[]): Promise<Set<string>> {
  const occupied = await tablesWithRows(db, tables);
  if (occupied.length > 0) {
    const list = occupied.map((t) => `${t.name} ${t.rows}`).join(', ');
    throw new AdminError(
      `The database already holds data (rows: ${list}). Restore into an empty database, or add --replace to delete everything in it first; nothing was restored.`,
    );
  }
  return new Set();
}

/** The trigger that keeps the audit log append-only (migration 0011). */
const AUDIT_GUARD = 'audit_events_append_only';

/** Empties every table in the restore's transaction; answers the files the old rows referred to. */
async function emptyTables(tx: Database, tables: string[]): Promise<Set<string>> {
  const keys = await referencedStorageKeys(tx);
  const names = sql.join(
    tables.map((t) => sql.identifier(t)),
    sql`, `,
  );
  // The audit log refuses a truncate (migration 0011): a restore with --replace is the one act
  // meant to put another log in its place, the backup's own. Its guard is lifted inside this
  // transaction only, so a restore that fails leaves it as it was.
  await tx.execute(sql`alter table ${auditEvents} disable trigger ${sql.identifier(AUDIT_GUARD)}`);
  await tx.execute(sql`truncate table ${names} restart identity`);
  await tx.execute(sql`alter table ${auditEvents} enable trigger ${sql.identifier(AUDIT_GUARD)}`);
  return keys;
}
