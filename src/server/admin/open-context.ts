import Fastify from 'fastify';
import type { Config } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { DatabaseInUseError } from '../db/data-dir-lock.js';
import { DataDirNotPrivateError } from '../db/private-data-dir.js';
import { readMigrationStatus } from '../db/migration-status.js';
import { deriveDataKeys } from '../lib/crypto.js';
import { createFileStorage } from '../storage/create-file-storage.js';
import { AdminError } from './admin-error.js';
import type { AdminContext, AdminIo } from './command.js';

export interface OpenedContext {
  ctx: AdminContext;
  close(): Promise<void>;
}

/**
 * The server's database; one a running server holds, or a folder open to other users (embedded
 * PGlite), is a refusal, not a crash.
 */
function openDatabaseOrRefuse(config: Config, io: AdminIo): DatabaseHandle {
  try {
    return openDatabase(config.database, (error) => {
      io.err(`warning: the database closed an idle connection (${error.message})`);
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof DataDirNotPrivateError)
      throw new AdminError(error.message);
    throw error;
  }
}

/**
 * The database and file storage the server's own configuration names (DATABASE_URL or the
 * PGlite folder in DATA_DIR; STORAGE_DRIVER), so the command line acts on what the server serves.
 * It does not migrate: a command must never change the schema under running servers of another
 * version, so a database behind this build is refused with what to do. The exception is `migrate`,
 * for restore, which fills a new database and so first migrates it as the server would.
 */
export async function openAdminContext(
  config: Config,
  io: AdminIo,
  { migrate = false }: { migrate?: boolean } = {},
): Promise<OpenedContext> {
  const database = openDatabaseOrRefuse(config, io);
  let status;
  try {
    if (migrate) await database.migrate();
    status = await readMigrationStatus(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new AdminError(`Cannot ${migrate ? 'migrate' : 'reach'} the database: ${reason}`);
  }
  if (!status.ok) {
    await database.close();
    throw new AdminError(
      `The database has ${status.applied} of this version's ${status.expected} migrations. Start the server of this version once (it migrates at start-up), then run the command again.`,
    );
  }
  const storage = createFileStorage(config.storage);
  // The library code commands reuse logs through Fastify's logger interface; a command reports
  // its own outcome in words, so that logger is a silent one.
  const log = Fastify({ logger: false }).log;
  return {
    ctx: { config, db: database.db, keys: deriveDataKeys(config.dataKey), storage, log, io },
    async close() {
      storage.close();
      await database.close();
    },
  };
}
