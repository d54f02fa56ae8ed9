import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's folder is PostgreSQL's data directory: its WAL holds every message and
 * profile change in the clear, and whoever can write its files can change any row. As PostgreSQL
 * does, the folder is made owner-only and a folder others may enter is refused.
 */
const OTHERS_BITS = 0o077;

export class DataDirNotPrivateError extends Error {
  constructor(dir: string, mode: number) {
    super(
      `The embedded database folder ${dir} can be opened by other users of this machine ` +
        `(mode ${(mode & 0o777).toString(8).padStart(4, '0')}). Start-up stopped. ` +
        `Make it private to this user with: chmod -R go= ${dir}`,
    );
    this.name = 'DataDirNotPrivateError';
  }
}

/** Creates `dir` (and its missing parents) owner-only, or throws when it exists and is not. */
export function openPrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { mode } = statSync(dir);
  if ((mode & OTHERS_BITS) !== 0) throw new DataDirNotPrivateError(dir, mode);
}

/**
 * Takes group and other users' permissions off everything under `dir`. PGlite's file system
 * layer sets each file's mode itself, so the process's umask does not reach it: the cluster it
 * creates at first start is 0666, and a few files it rewrites later are 0644. They sit in
 * owner-only folders, so nobody else can reach them while the server runs; this makes the files
 * themselves private too, at every open and close.
 */
export function keepOwnerOnly(dir: string): void {
  let stats;
  try {
    stats = lstatSync(dir);
    if ((stats.mode & OTHERS_BITS) !== 0 && !stats.isSymbolicLink())
      chmodSync(dir, stats.mode & 0o700);
  } catch (error) {
    // The database removed it while we walked (a finished temporary file, an old WAL segment).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stats.isDirectory()) for (const name of readdirSync(dir)) keepOwnerOnly(join(dir, name));
}
