import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../../lib/paths.js';
import type { TMigration } from './backup-format.js';

/** The migrations this build carries, as drizzle records them once applied. */
export function buildMigrations(): TMigration[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => ({
    createdAt: String(m.folderMillis),
    hash: m.hash,
  }));
}

/**
 * Why rows backed up under the backup's migrations cannot go into a schema with `other`'s, or
 * null when the two are the same schema. Migrations are compared by their folder time, as
 * drizzle's migrator itself tells them apart (a file's hash changes with its line endings).
 */
export function migrationMismatch(
  backup: TMigration[],
  other: TMigration[],
  otherName: 'this version of the portal' | 'the database',
): string | null {
  const times = (list: TMigration[]) => list.map((m) => m.createdAt);
  const [backupTimes, otherTimes] = [times(backup), times(other)];
  const isPrefix = (short: string[], long: string[]) => short.every((t, i) => long[i] === t);
  if (backupTimes.length === otherTimes.length && isPrefix(backupTimes, otherTimes)) return null;
  const counts = `the backup has ${backup.length} migrations, ${otherName} ${other.length}`;
  if (backupTimes.length < otherTimes.length && isPrefix(backupTimes, otherTimes)) {
    return `The backup was made by an older version of the portal (${counts}). Restore it with the version that made it into an empty database, then start this version, which migrates it.`;
  }
  if (isPrefix(otherTimes, backupTimes)) {
    return `The backup was made by a newer version of the portal (${counts}). Restore it with that version or a newer one.`;
  }
  return `The backup's schema is not ${otherName}'s (${counts}, and they differ). Restore it with the version that made it.`;
}
