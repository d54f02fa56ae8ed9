import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  checkedKey,
  type FileStorage,
  isTemporaryKey,
  newTemporaryKey,
  TEMPORARY_PREFIX,
} from './file-storage.js';

/**
 * Files in a folder on this server's disk (DATA_DIR/files by default, outside anything served
 * statically). The temporary folder sits in the same folder tree, so `promote` is a rename:
 * atomic on one file system, and the file is flushed to disk before it gets its final name.
 */
export function createLocalDiskStorage(directory: string): FileStorage {
  const pathOf = (key: string) => join(directory, checkedKey(key));

  return {
    async writeTemporary(content) {
      const key = newTemporaryKey();
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Opened before the first byte is read: a stream that opens its file itself may do so after
      // a refused upload's clean-up has already run, leaving an empty file behind for good.
      const file = await open(path, 'wx', 0o600);
      try {
        await pipeline(content, file.createWriteStream({ flush: true }));
      } catch (error) {
        await file.close().catch(() => undefined);
        await rm(path, { force: true });
        throw error;
      }
      return key;
    },

    async promote(temporaryKey, key) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(pathOf(temporaryKey), target);
    },

    async read(key, range) {
      // Opening first turns a missing file into null here, not into a stream error mid-reply.
      const handle = await open(pathOf(key), 'r').catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      return handle ? handle.createReadStream(range ?? {}) : null;
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async sweepTemporary(olderThan) {
      const folder = join(directory, TEMPORARY_PREFIX);
      const names = await readdir(folder).catch((error: unknown) => {
        if (isNotFound(error)) return [];
        throw error;
      });
      let removed = 0;
      for (const name of names) {
        const key = `${TEMPORARY_PREFIX}/${name}`;
        const written = isTemporaryKey(key) ? await stat(pathOf(key)).catch(() => null) : null;
        if (written && written.mtime < olderThan) {
          await rm(pathOf(key), { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    close() {
      // A folder holds no connections.
    },
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
