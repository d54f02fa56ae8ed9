import { createReadStream } from 'node:fs';
import { AdminError } from '../admin-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { MANIFEST_FILE, storedFilePath, type TBackupManifest } from './backup-format.js';
import { digestOf, sameDigest, streamDigest } from './stream-digest.js';

type BackedUpFile = TBackupManifest['files'][number];

export interface RestoredFiles {
  /** Keys this restore stored: what to remove again if the rows cannot be restored. */
  written: string[];
  /** Keys storage already held with the very same bytes (restoring onto the same portal). */
  alreadyThere: number;
  bytes: number;
}

/**
 * Stores every file of the backup under its own key, each through a temporary key and promoted
 * only once its bytes have matched the manifest's SHA-256, so no damaged file ever appears under
 * a key. On any failure, the files this call stored are removed again before it rejects.
 */
export async function restoreFiles(
  storage: FileStorage,
  folder: string,
  files: BackedUpFile[],
): Promise<RestoredFiles> {
  const restored: RestoredFiles = { written: [], alreadyThere: 0, bytes: 0 };
  try {
    for (const file of files) {
      if (await holdsSameFile(storage, file)) restored.alreadyThere += 1;
      else {
        await storeCheckedFile(storage, folder, file);
        restored.written.push(file.key);
      }
      restored.bytes += file.bytes;
    }
  } catch (error) {
    await removeFiles(storage, restored.written);
    throw error;
  }
  return restored;
}

/**
 * Whether storage already holds this file. Contents never change under a key (a new upload gets
 * a new key), so a different file there means one of the two is damaged: refused, not replaced.
 */
async function holdsSameFile(storage: FileStorage, file: BackedUpFile): Promise<boolean> {
  const existing = await storage.read(file.key);
  if (!existing) return false;
  if (sameDigest(await digestOf(existing), file)) return true;
  throw new AdminError(
    `File storage already holds a different file under ${file.key}; nothing was restored. Restore into empty file storage, or find out which copy is damaged.`,
  );
}

async function storeCheckedFile(storage: FileStorage, folder: string, file: BackedUpFile) {
  const digest = streamDigest();
  const temporaryKey = await storage.writeTemporary(
    digest.through(createReadStream(storedFilePath(folder, file.key))),
  );
  if (!sameDigest(digest.result(), file)) {
    await storage.remove(temporaryKey);
    throw new AdminError(
      `files/${file.key} does not match its SHA-256 in ${MANIFEST_FILE}: the backup is damaged; nothing was restored.`,
    );
  }
  await storage.promote(temporaryKey, file.key);
}

/** Removes files, each tried even when another fails; answers the keys that could not be removed. */
export async function removeFiles(storage: FileStorage, keys: Iterable<string>): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) {
    await storage.remove(key).catch(() => failed.push(key));
  }
  return failed;
}
