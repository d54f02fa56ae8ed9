import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { AdminError } from '../admin-error.js';
import {
  ImportFileError,
  type RecordSource,
  recordsFromText,
} from '../../lib/import-records/records-from-text.js';

/**
 * Reads an import file, CSV or JSON by its extension, into rows keyed by column name. A file that
 * cannot be read at all (missing, not CSV or JSON, unbalanced quotes) throws an AdminError; a row
 * that cannot be read carries a problem instead, so a dry run reports every such row.
 */
export async function readRecords(file: string): Promise<RecordSource> {
  const extension = extname(file).toLowerCase();
  if (extension !== '.csv' && extension !== '.json') {
    throw new AdminError(`${file}: an import file must end in .csv or .json`);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AdminError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  try {
    return recordsFromText(file, extension === '.csv' ? 'csv' : 'json', text);
  } catch (error) {
    if (error instanceof ImportFileError) throw new AdminError(error.message);
    throw error;
  }
}
