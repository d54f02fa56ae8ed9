import type { TBackupManifest } from './backup-format.js';

const MB = 1024 * 1024;

/** "1 file", "1,234 files": a count with its noun, for the commands' summary lines. */
export const countOf = (value: number, noun: string) =>
  `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;

/** "17 tables (1,234 rows) and 56 files (12.3 MB)": what a backup holds, for its summary line. */
export function describeContents(manifest: TBackupManifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  const tables = countOf(manifest.tables.length, 'table');
  const files = countOf(manifest.files.length, 'file');
  return `${tables} (${countOf(rows, 'row')}) and ${files} (${(bytes / MB).toFixed(1)} MB)`;
}

/** Seconds since a performance.now() reading, to a tenth. */
export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
