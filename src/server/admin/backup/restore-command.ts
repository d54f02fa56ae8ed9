import { resolve } from 'node:path';
import { AdminError, UsageError } from '../admin-error.js';
import type { AdminCommand, AdminIo } from '../command.js';
import { parseOptions } from '../parse-options.js';
import type { TBackupManifest } from './backup-format.js';
import { buildMigrations, migrationMismatch } from './compare-migrations.js';
import { countOf, describeContents, secondsSince } from './describe-contents.js';
import { readBackup } from './read-backup.js';
import { type RestoreOutcome, restoreBackup } from './restore-backup.js';

const NAME = 'restore';

export const restoreCommand: AdminCommand = {
  name: NAME,
  summary: 'restore a backup into an empty database and its file storage (--replace: any)',
  help: `Usage: npm run admin -- ${NAME} <backup folder> [--replace]
       npm run ${NAME} -- <backup folder> [--replace]

Restores a backup made by backup, all or nothing, into the database and file storage the
settings name (DATABASE_URL or the embedded database in DATA_DIR; STORAGE_DRIVER): either driver,
whichever the backup came from. Before anything is written it checks the backup (every table
file's size, rows and SHA-256, every file's size), that it was made by this version of the
portal (the same migrations) and under the same DATA_KEY. It migrates the database as the server
does at start-up, stores the files (each checked against its SHA-256), then writes every row in
one transaction and counts them. On any failure the transaction is rolled back and the files it
stored are removed: the portal is as it was.
  --replace  delete everything the database holds first, in the same transaction, and then the
             files only the deleted rows referred to. Without it the database must hold no rows.

Stop every server of the portal first. For PostgreSQL, create the (empty) database first.

Example: npm run ${NAME} -- /var/backups/portal-2026-07-20`,
  migratesFirst: true,
  async prepare(argv) {
    const { values, positionals } = parseOptions(NAME, argv, { replace: { type: 'boolean' } }, [
      '<backup folder>',
    ]);
    const given = positionals[0] ?? '';
    if (given.trim() === '') throw new UsageError(`${NAME}: the backup folder must not be empty`);
    const folder = resolve(given);
    const manifest = await readBackup(folder);
    const mismatch = migrationMismatch(
      manifest.migrations,
      buildMigrations(),
      'this version of the portal',
    );
    if (mismatch) throw new AdminError(mismatch);
    return async (ctx) => {
      const started = performance.now();
      const replace = values.replace === true;
      const outcome = await restoreBackup(ctx, folder, manifest, { replace });
      ctx.io.out(
        `Restored ${describeContents(manifest)} from ${folder} (made ${manifest.createdAt}) in ${secondsSince(started)} s.`,
      );
      reportFiles(ctx.io, manifest, outcome, replace);
    };
  },
};

/** What became of the files beyond the summary: kept, removed, or missing from the backup. */
function reportFiles(
  io: AdminIo,
  manifest: TBackupManifest,
  outcome: RestoreOutcome,
  replace: boolean,
): void {
  if (outcome.files.alreadyThere > 0) {
    io.out(`Already in file storage, unchanged: ${countOf(outcome.files.alreadyThere, 'file')}.`);
  }
  if (replace) {
    io.out(
      `The previous data was replaced; removed the files only it referred to: ${countOf(outcome.removedFiles, 'file')}.`,
    );
  }
  if (outcome.unremovedFiles.length > 0) {
    io.err(
      `warning: these files of the replaced data could not be removed (unused now, safe to delete): ${outcome.unremovedFiles.join(', ')}`,
    );
  }
  if (manifest.missingFiles.length > 0) {
    io.err(
      `warning: files the rows refer to that were missing when the backup was made (${countOf(manifest.missingFiles.length, 'file')}): ${manifest.missingFiles.join(', ')}`,
    );
  }
}
