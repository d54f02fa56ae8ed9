import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { AdminError } from '../admin-error.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_FILE,
  storedFilePath,
  type TBackupManifest,
  tableFilePath,
  ZBackupManifestSchema,
} from './backup-format.js';
import { type Digest, digestOf, sameDigest } from './stream-digest.js';

/** Problems listed in one refusal; the rest are counted. */
const MAX_LISTED_PROBLEMS = 10;

/**
 * The backup in `folder`, checked before anything is written: its manifest, and every table file
 * against the size, SHA-256 and row count the manifest gives (table files are read whole here;
 * stored files, the bulk of a backup, are checked by size here and by SHA-256 as they are copied).
 * Anything wrong is one AdminError saying what, so nothing of a damaged backup is ever restored.
 */
export async function readBackup(folder: string): Promise<TBackupManifest> {
  const manifest = await readManifest(folder);
  const problems = [
    ...(await tableProblems(folder, manifest)),
    ...(await fileProblems(folder, manifest)),
  ];
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => `  - ${p}`);
    if (problems.length > MAX_LISTED_PROBLEMS) {
      listed.push(`  - and ${problems.length - MAX_LISTED_PROBLEMS} more`);
    }
    throw new AdminError(
      [`The backup in ${folder} is damaged; nothing was restored:`, ...listed].join('\n'),
    );
  }
  return manifest;
}

async function readManifest(folder: string): Promise<TBackupManifest> {
  const folderStat = await stat(folder).catch(() => null);
  if (!folderStat?.isDirectory()) throw new AdminError(`${folder} is not a folder.`);
  const path = join(folder, MANIFEST_FILE);
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) {
    throw new AdminError(
      `${folder} holds no ${MANIFEST_FILE}: it is not a backup of the portal, or one that did not finish.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AdminError(`${path} is not valid JSON: the backup is damaged.`);
  }
  const header = json as { format?: unknown; formatVersion?: unknown } | null;
  if (header?.format !== BACKUP_FORMAT) {
    throw new AdminError(`${path} does not describe a backup of the portal.`);
  }
  if (typeof header.formatVersion === 'number' && header.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new AdminError(
      `The backup has format version ${header.formatVersion}; this version of the portal reads version ${BACKUP_FORMAT_VERSION}. Restore it with the version that made it or a newer one.`,
    );
  }
  const parsed = ZBackupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'the top level';
    throw new AdminError(`${path} is damaged: ${where}: ${issue?.message ?? 'not understood'}.`);
  }
  return parsed.data;
}

/** Size, SHA-256 and lines of every table file against the manifest. */
async function tableProblems(folder: string, manifest: TBackupManifest): Promise<string[]> {
  const problems: string[] = [];
  for (const table of manifest.tables) {
    const path = tableFilePath(folder, table.name);
    const name = relative(folder, path);
    const problem = await sizeProblem(name, path, table.bytes);
    if (problem) {
      problems.push(problem);
      continue;
    }
    const { digest, lines } = await digestAndLines(path);
    if (!sameDigest(digest, table)) {
      problems.push(`${name} does not match its SHA-256 in ${MANIFEST_FILE}`);
    } else if (lines !== table.rows) {
      problems.push(`${name} has ${lines} rows where ${MANIFEST_FILE} says ${table.rows}`);
    }
  }
  return problems;
}

async function fileProblems(folder: string, manifest: TBackupManifest): Promise<string[]> {
  const problems: string[] = [];
  for (const file of manifest.files) {
    const path = storedFilePath(folder, file.key);
    const problem = await sizeProblem(relative(folder, path), path, file.bytes);
    if (problem) problems.push(problem);
  }
  return problems;
}

async function sizeProblem(name: string, path: string, bytes: number): Promise<string | null> {
  const found = await stat(path).catch(() => null);
  if (!found?.isFile()) return `${name} is missing`;
  if (found.size !== bytes) {
    return `${name} is ${found.size} bytes where ${MANIFEST_FILE} says ${bytes}`;
  }
  return null;
}

async function digestAndLines(path: string): Promise<{ digest: Digest; lines: number }> {
  let lines = 0;
  async function* counted() {
    for await (const chunk of createReadStream(path)) {
      const buffer = chunk as Buffer;
      for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) lines += 1;
      yield buffer;
    }
  }
  return { digest: await digestOf(counted()), lines };
}
