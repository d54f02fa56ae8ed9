import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { isStorageKey } from '../../storage/file-storage.js';

/**
 * A backup is a folder: manifest.json, one JSON-lines file per table (one row_to_json object a
 * line) and every stored file under its storage key. Plain files, so it works the same from
 * PGlite and PostgreSQL and restores into either; the manifest lists what must be there, with
 * sizes and SHA-256 digests, so a damaged or incomplete backup is refused before it is used.
 */
export const BACKUP_FORMAT = 'f1-student-portal-backup';
/** Raised when a change of layout would make an older restore misread a backup. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

export const tableFilePath = (folder: string, table: string) =>
  join(folder, 'tables', `${table}.jsonl`);
export const storedFilePath = (folder: string, key: string) => join(folder, 'files', key);

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 digest');
const ZByteCount = z.number().int().min(0);
/** Names of tables and sequences as the catalog gives them; they become file names and identifiers. */
const ZSqlName = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL name');
const ZStorageKey = z.string().refine(isStorageKey, 'must be a storage key');

export const ZMigrationSchema = z.object({
  /** Drizzle's folder time of the migration, in milliseconds (a bigint, so kept as text). */
  createdAt: z.string().regex(/^\d+$/),
  /** SHA-256 of the migration's SQL, as drizzle records it. */
  hash: z.string().min(1),
});
export type TMigration = z.infer<typeof ZMigrationSchema>;

export const ZBackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  source: z.object({ database: z.enum(['pglite', 'postgres']), storage: z.enum(['local', 's3']) }),
  /** Tells whether a restore runs under the DATA_KEY that sealed the rows (see dataKeyCheck). */
  dataKeyCheck: ZSha256,
  /** The schema the rows fit: drizzle's record of applied migrations, oldest first. */
  migrations: z.array(ZMigrationSchema),
  tables: z.array(
    z.object({ name: ZSqlName, rows: ZByteCount, bytes: ZByteCount, sha256: ZSha256 }),
  ),
  /** Each sequence's state, so ids given after a restore never collide with restored ones. */
  sequences: z.array(
    z.object({ name: ZSqlName, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  files: z.array(z.object({ key: ZStorageKey, bytes: ZByteCount, sha256: ZSha256 })),
  /** Keys rows refer to that file storage did not hold when the backup ran (a lost file). */
  missingFiles: z.array(z.string()),
});
export type TBackupManifest = z.infer<typeof ZBackupManifestSchema>;

/**
 * A keyed digest of DATA_KEY, not the key: equal digests mean a restore runs under the key that
 * encrypted the backup's personal fields and keyed its lookup hashes. Without it, a restore under
 * another key would succeed and leave every profile unreadable and every onboarding lookup failing.
 */
export function dataKeyCheck(dataKey: Buffer): string {
  return createHmac('sha256', dataKey).update(`${BACKUP_FORMAT}/data-key-check`).digest('hex');
}
