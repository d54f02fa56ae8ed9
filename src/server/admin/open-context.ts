import Fastify from 'fastify';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
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
 * The database and file storage the server's own configuration names (DATABASE_URL or the
 * PGlite folder in DATA_DIR; STORAGE_DRIVER), so the command line acts on what the server serves.
 * It does not migrate: a command must never change the schema under running servers of another
 * version, so a database behind this build is refused with what to do.
 */
export async function openAdminContext(config: Config, io: AdminIo): Promise<OpenedContext> {
  const database = openDatabase(config.database, (error) => {
    io.err(`warning: the database closed an idle connection (${error.message})`);
  });
  let status;
  try {
    status = await readMigrationStatus(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new AdminError(`Cannot reach the database: ${reason}`);
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
