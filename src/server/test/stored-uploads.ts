import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type DatabaseLocation, openDatabase } from '../db/client.js';
import { documents, moiVideos } from '../db/schema.js';
import { TEMPORARY_PREFIX } from '../storage/file-storage.js';

/** A row that points at a stored file, with the size it says the file has. */
interface FileRow {
  table: 'documents' | 'moi_videos';
  storageKey: string;
  size: number;
}

export interface StoredUploads {
  rows: FileRow[];
  /** Keys under tmp/: uploads that never finished. */
  temporaries: string[];
  /** Every row whose file is missing or of another size, every final file no row points at. */
  orphans: string[];
}

/**
 * The uploads as a stopped server left them: the rows of the database at `location` and the files
 * of DATA_DIR/files (the local storage driver). Read with the server stopped, as PGlite is one
 * process's database.
 */
export async function readStoredUploads(
  dataDir: string,
  location: DatabaseLocation,
): Promise<StoredUploads> {
  const rows = await readFileRows(location);
  const files = await listFiles(join(dataDir, 'files'));
  const temporaries = [...files.keys()].filter((key) => key.startsWith(`${TEMPORARY_PREFIX}/`));
  for (const key of temporaries) files.delete(key);
  const keys = new Set(rows.map((row) => row.storageKey));
  const orphans = [
    ...rows
      .filter((row) => files.get(row.storageKey) !== row.size)
      .map(
        (row) =>
          `${row.table} row for ${row.storageKey} (${row.size} bytes): file ${files.get(row.storageKey) ?? 'missing'}`,
      ),
    ...[...files.keys()].filter((key) => !keys.has(key)).map((key) => `file ${key}: no row`),
  ];
  return { rows, temporaries, orphans };
}

async function readFileRows(location: DatabaseLocation): Promise<FileRow[]> {
  const database = openDatabase(location, () => undefined);
  try {
    const documentRows = await database.db
      .select({ storageKey: documents.storageKey, size: documents.fileSize })
      .from(documents);
    const videoRows = await database.db
      .select({ storageKey: moiVideos.storageKey, size: moiVideos.sizeBytes })
      .from(moiVideos);
    return [
      ...documentRows.map((row) => ({ table: 'documents' as const, ...row })),
      ...videoRows.map((row) => ({ table: 'moi_videos' as const, ...row })),
    ];
  } finally {
    await database.close();
  }
}

/** The temporary files of DATA_DIR/files, by full path: uploads in flight, or cut short. */
export async function temporaryFiles(dataDir: string): Promise<string[]> {
  const folder = join(dataDir, 'files', TEMPORARY_PREFIX);
  const names = await readdir(folder).catch(() => []);
  return names.map((name) => join(folder, name));
}

/** Resolves once `count` uploads are streaming to temporary files; a few seconds at the most. */
export async function waitForTemporaryFiles(dataDir: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = await temporaryFiles(dataDir);
    if (files.length >= count) return files;
    if (Date.now() > deadline) throw new Error(`${files.length} of ${count} uploads started`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every file below `root` by its storage key (`namespace/uuid`), with its size. */
async function listFiles(root: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  const namespaces = await readdir(root).catch(() => []);
  for (const namespace of namespaces) {
    for (const name of await readdir(join(root, namespace))) {
      files.set(`${namespace}/${name}`, (await stat(join(root, namespace, name))).size);
    }
  }
  return files;
}
