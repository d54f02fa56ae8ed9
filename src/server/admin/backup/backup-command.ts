import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AdminError, UsageError } from '../admin-error.js';
import type { AdminCommand } from '../command.js';
import { parseOptions } from '../parse-options.js';
import { countOf, describeContents, secondsSince } from './describe-contents.js';
import { writeBackup } from './write-backup.js';

const NAME = 'backup';

export const backupCommand: AdminCommand = {
  name: NAME,
  summary: 'back up every row and every stored file into a new folder',
  help: `Usage: npm run admin -- ${NAME} <new folder>
       npm run ${NAME} -- <new folder>

Writes a backup of the whole portal into a new folder: every row of every table, read in one
consistent snapshot (one JSON-lines file per table), and every file the rows refer to (documents,
interview recordings), from the database and file storage the settings name (DATABASE_URL or the
embedded database in DATA_DIR; STORAGE_DRIVER). manifest.json lists the schema version, each
table's rows and each file's size and SHA-256, which restore checks.

The folder must not exist; it is made readable by its owner only (0700, files 0600). Personal
fields stay encrypted as stored: only the same DATA_KEY can use the backup, so keep the key
apart from it. With the embedded database, stop the server first; PostgreSQL can stay in use.

Example: npm run ${NAME} -- /var/backups/portal-$(date +%F)`,
  async prepare(argv) {
    const { positionals } = parseOptions(NAME, argv, {}, ['<new folder>']);
    const given = positionals[0] ?? '';
    if (given.trim() === '') throw new UsageError(`${NAME}: the folder must not be empty`);
    const folder = resolve(given);
    if (await stat(folder).catch(() => null)) {
      throw new AdminError(`${folder} already exists; a backup goes into a new folder.`);
    }
    return async (ctx) => {
      const started = performance.now();
      const manifest = await writeBackup(ctx, folder);
      ctx.io.out(
        `Backed up ${describeContents(manifest)} to ${folder} in ${secondsSince(started)} s.`,
      );
      if (manifest.missingFiles.length > 0) {
        ctx.io.err(
          `warning: files the rows refer to that file storage does not hold, so not in the backup (${countOf(manifest.missingFiles.length, 'file')}): ${manifest.missingFiles.join(', ')}`,
        );
      }
    };
  },
};
