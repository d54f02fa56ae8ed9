import { open } from 'node:fs/promises';
import { AdminError } from './admin-error.js';

/**
 * Writes text to a new file, never over an existing one (an earlier export may be someone's only
 * copy), readable by its owner only: exports hold students' personal data.
 */
export async function writeNewFile(path: string, text: string): Promise<void> {
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
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}
