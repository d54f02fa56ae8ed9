import { CsvSyntaxError, parseCsv } from './parse-csv.js';
import { locateJsonItems } from './locate-json-items.js';

/** One row of an import file: its cells by column name, or why it could not be read. */
export interface SourceRecord {
  line: number;
  values: Record<string, string>;
  problem?: string;
}

export interface RecordSource {
  /** The file's name, as problems name it. */
  file: string;
  records: SourceRecord[];
}

export type ImportFormat = 'csv' | 'json';

/**
 * A file that cannot be read at all: not CSV or JSON, unbalanced quotes, a repeated column, no
 * rows. The message names the file (and the line, where there is one) as an operator needs it.
 */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** Column names as people type them in a header: "First Name" is first_name. */
export function columnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Names compared as people mean them: case and runs of spaces do not matter. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * An import file's text as rows keyed by column name: the one reader of the command line's files
 * and the console's uploads. A file that cannot be read at all throws an ImportFileError; a row
 * that cannot be read carries a problem instead, so a check reports every such row.
 */
export function recordsFromText(file: string, format: ImportFormat, text: string): RecordSource {
  const records = format === 'csv' ? csvRecords(file, text) : jsonRecords(file, text);
  if (records.length === 0) throw new ImportFileError(`${file}: no rows to import`);
  return { file, records };
}

function csvRecords(file: string, text: string): SourceRecord[] {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new ImportFileError(`${file}:${error.line}: ${error.message}`);
    throw error;
  }
  const [header, ...body] = rows;
  if (!header) return [];
  const names = header.cells.map(columnName);
  const repeated = names.find((n, i) => n !== '' && names.indexOf(n) !== i);
  if (repeated)
    throw new ImportFileError(`${file}:${header.line}: the column "${repeated}" appears twice`);
  return body.map(({ line, cells }) => {
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      if (name !== '') values[name] = cells[i] ?? '';
    });
    const extra = cells.slice(names.length).some((c) => c.trim() !== '');
    return extra
      ? {
          line,
          values,
          problem: `has ${cells.length} cells but the header names ${names.length} columns`,
        }
      : { line, values };
  });
}

function jsonRecords(file: string, text: string): SourceRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(
      `${file}: not valid JSON (${error instanceof Error ? error.message : ''})`,
    );
  }
  if (!Array.isArray(parsed))
    throw new ImportFileError(`${file}: the JSON must be an array of objects`);
  const lines = locateJsonItems(text);
  return parsed.map((item: unknown, i) => jsonRecord(item, lines[i] ?? 0));
}

function jsonRecord(item: unknown, line: number): SourceRecord {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { line, values: {}, problem: 'must be an object of column names and values' };
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(item)) {
    const text = jsonCell(value);
    if (text === null) {
      return {
        line,
        values,
        problem: `${key}: must be text, a number, true/false or a list of text`,
      };
    }
    values[columnName(key)] = text;
  }
  return { line, values };
}

/** JSON values as the CSV cell that would say the same, so one set of column rules reads both. */
function jsonCell(value: unknown): string | null {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('; ');
  return null;
}
