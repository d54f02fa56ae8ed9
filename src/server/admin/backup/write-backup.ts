import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { AdminContext } from '../command.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { type FileStorage, isStorageKey } from '../../storage/file-storage.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  dataKeyCheck,
  MANIFEST_FILE,
  storedFilePath,
  type TBackupManifest,
  tableFilePath,
} from './backup-format.js';
import {
  listTables,
  primaryKeyColumns,
  readAppliedMigrations,
  readSequences,
  referencedStorageKeys,
} from './database-catalog.js';
import { type Digest, streamDigest } from './stream-digest.js';

/** Rows fetched per round trip: a table is streamed, never read whole into memory. */
const FETCH_ROWS = 1000;
/** A backup holds personal data: only its owner may read it. */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

type TableEntry = TBackupManifest['tables'][number];
type DatabaseSnapshot = Pick<TBackupManifest, 'migrations' | 'tables' | 'sequences'> & {
  storageKeys: Set<string>;
};

const newPrivateFile = (path: string) =>
  createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE, flush: true });

/**
 * Writes a backup of the database and file storage `ctx` names into `folder`, which must not
 * exist. It is written beside it under a temporary name and renamed when complete, so `folder`
 * either holds a whole backup or is not there; a failure removes what was written.
 */
export async function writeBackup(ctx: AdminContext, folder: string): Promise<TBackupManifest> {
  const staging = `${folder}.incomplete-${randomBytes(4).toString('hex')}`;
  await mkdir(dirname(folder), { recursive: true, mode: PRIVATE_FOLDER });
  await mkdir(staging, { mode: PRIVATE_FOLDER });
  try {
    const createdAt = new Date().toISOString();
    const snapshot = await snapshotDatabase(ctx.db, staging);
    const { files, missingFiles } = await copyFiles(ctx.storage, snapshot.storageKeys, staging);
    const manifest: TBackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt,
      source: {
        database: 'url' in ctx.config.database ? 'postgres' : 'pglite',
        storage: ctx.config.storage.driver,
      },
      dataKeyCheck: dataKeyCheck(ctx.config.dataKey),
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
      missingFiles,
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      flag: 'wx',
      mode: PRIVATE_FILE,
      flush: true,
    });
    await rename(staging, folder);
    return manifest;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Every table, the sequences, the migrations and the storage keys, read in one repeatable-read
 * transaction: one consistent moment of the database, even while servers keep writing (PostgreSQL).
 */
async function snapshotDatabase(db: Database, staging: string): Promise<DatabaseSnapshot> {
  await mkdir(join(staging, 'tables'), { mode: PRIVATE_FOLDER });
  return db.transaction(
    async (tx) => {
      const tables: TableEntry[] = [];
      for (const name of await listTables(tx)) tables.push(await dumpTable(tx, name, staging));
      return {
        migrations: await readAppliedMigrations(tx),
        tables,
        sequences: await readSequences(tx),
        storageKeys: await referencedStorageKeys(tx),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One table to its JSON-lines file, through a cursor, FETCH_ROWS rows at a time. */
async function dumpTable(tx: Database, name: string, staging: string): Promise<TableEntry> {
  let rows = 0;
  const keys = await primaryKeyColumns(tx, name);
  const order = keys.length
    ? sql`order by ${sql.join(
        keys.map((column) => sql`t.${sql.identifier(column)}`),
        sql`, `,
      )}`
    : sql``;
  async function* lines() {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for
          select row_to_json(t)::text as line from ${sql.identifier(name)} t ${order}`,
    );
    for (;;) {
      const batch = await queryRows<{ line: string }>(
        tx,
        sql`fetch forward ${sql.raw(String(FETCH_ROWS))} from backup_rows`,
      );
      if (batch.length === 0) break;
      rows += batch.length;
      yield batch.map((row) => `${row.line}\n`).join('');
    }
    await tx.execute(sql`close backup_rows`);
  }
  const digest = streamDigest();
  await pipeline(lines(), digest.through, newPrivateFile(tableFilePath(staging, name)));
  return { name, rows, ...digest.result() };
}

/**
 * Copies every file the rows refer to. A key storage does not hold (a file lost before, or one
 * deleted since the snapshot) is listed as missing rather than failing the whole backup: the
 * restored portal then answers "not found" for that file, as the original does.
 */
async function copyFiles(storage: FileStorage, keys: Set<string>, staging: string) {
  const files: TBackupManifest['files'] = [];
  const missingFiles: string[] = [];
  for (const key of [...keys].sort()) {
    const digest = isStorageKey(key) ? await copyFile(storage, key, staging) : null;
    if (digest) files.push({ key, ...digest });
    else missingFiles.push(key);
  }
  return { files, missingFiles };
}

async function copyFile(
  storage: FileStorage,
  key: string,
  staging: string,
): Promise<Digest | null> {
  const content = await storage.read(key);
  if (!content) return null;
  const path = storedFilePath(staging, key);
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
  const digest = streamDigest();
  await pipeline(content, digest.through, newPrivateFile(path));
  return digest.result();
}
