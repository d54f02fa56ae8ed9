import { open, unlink } from 'node:fs/promises';
import { AdminError } from './admin-error.js';

/** A file created for a command's output, written once, or removed when the command fails. */
export interface NewFile {
  write(text: string): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Creates a new file, never over an existing one (an earlier export or earlier invite codes may be
 * someone's only copy), readable by its owner only: outputs hold personal data and credentials.
 * Created before a command writes anything, so what it makes is never committed with nowhere to go.
 */
export async function createNewFile(path: string): Promise<NewFile> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AdminError(
      code === 'EEXIST'
        ? `${path} already exists; choose a new file name`
        : `Cannot create ${path}: ${code ?? 'error'}`,
    );
  }
  return {
    async write(text) {
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
    },
    async discard() {
      await handle.close();
      await unlink(path);
    },
  };
}

/** Writes text to a new file (createNewFile). */
export async function writeNewFile(path: string, text: string): Promise<void> {
  await (await createNewFile(path)).write(text);
}
