import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { PreparingPGlite } from './pglite-client.js';
import { keepOwnerOnly, openPrivateFolder } from './private-data-dir.js';
import * as schema from './schema.js';

/** The one database type the app codes against, whichever driver serves it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What the job queue connects through: its own pool to the same PostgreSQL server, or the one
 * embedded PGlite instance, which serves a single connection (docs/decisions/020).
 */
export type QueueConnection =
  { driver: 'postgres'; url: string } | { driver: 'pglite'; client: PGlite };

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  queueConnection: QueueConnection;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where the database lives: a PostgreSQL URL, a PGlite directory, or PGlite in memory (tests). An
 * in-memory one may start from a dump of another (`PGlite.dumpDataDir`) instead of an empty
 * cluster: the API tests start each from one migrated template, which skips initdb's seconds.
 */
export type DatabaseLocation =
  { url: string } | { dataDir: string } | { inMemory: true; startFrom?: Blob };

// Any fixed number works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 7_310_2026;

/** Told about a connection the database dropped while it sat idle in the pool. */
export type IdleConnectionErrorHandler = (error: Error) => void;

function openPostgres(
  url: string,
  onIdleError: IdleConnectionErrorHandler,
  migrationsFolder: string,
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A server restart or failover ends idle connections; without a listener the pool's 'error'
  // event would crash the process. The pool discards that client and opens a new one on demand.
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    queueConnection: { driver: 'postgres', url },
    async migrate() {
      // Several instances may start at once: the advisory lock lets one migrate while the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function openPglite(
  location: Exclude<DatabaseLocation, { url: string }>,
  migrationsFolder: string,
): DatabaseHandle {
  let client: PreparingPGlite;
  // One process at a time on a folder (data-dir-lock.ts); memory is this process's alone.
  let lock: DataDirLock | undefined;
  if ('inMemory' in location) {
    client = new PreparingPGlite(location.startFrom ? { loadDataDir: location.startFrom } : {});
  } else {
    const dir = join(location.dataDir, 'pgdata');
    openPrivateFolder(dir);
    lock = lockDataDir(dir, location.dataDir);
    client = new PreparingPGlite({ dataDir: dir });
    // A failed start-up is reported by the first query; here there is nothing to make private.
    void client.waitReady
      .then(() => {
        keepOwnerOnly(dir);
      })
      .catch(() => undefined);
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    queueConnection: { driver: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () =>
      client.close().finally(() => {
        if ('dataDir' in location) keepOwnerOnly(join(location.dataDir, 'pgdata'));
        lock?.release();
      }),
  };
}

/**
 * Opens the database at `location`. `migrate()` applies the migrations of `migrationsFolder`,
 * this build's drizzle/ unless a test gives another.
 */
export function openDatabase(
  location: DatabaseLocation,
  onIdleError: IdleConnectionErrorHandler,
  migrationsFolder = MIGRATIONS_DIR,
): DatabaseHandle {
  if ('url' in location) return openPostgres(location.url, onIdleError, migrationsFolder);
  return openPglite(location, migrationsFolder);
}
