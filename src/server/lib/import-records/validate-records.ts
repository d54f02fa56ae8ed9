import type { z } from 'zod';
import type { RecordSource } from './records-from-text.js';

export interface ImportProblem {
  line: number;
  message: string;
  /** The file, when an import reads more than one; otherwise the import's own file. */
  file?: string;
  /** The row repeats a student already in the portal. */
  duplicate?: boolean;
}

export interface ValidRow<T> {
  line: number;
  value: T;
}

export interface ValidatedRows<T> {
  rows: ValidRow<T>[];
  problems: ImportProblem[];
}

/**
 * Checks every row against the file's column rules and collects every problem, not the first:
 * a dry run should send the operator back to the spreadsheet once. A column the rules do not
 * know is a problem too (a misspelt "pasport_number" would otherwise import a student without one).
 */
export function validateRecords<S extends z.ZodObject>(
  source: RecordSource,
  schema: S,
): ValidatedRows<z.output<S>> {
  const known = new Set(Object.keys(schema.shape));
  const rows: ValidRow<z.output<S>>[] = [];
  const problems: ImportProblem[] = [];
  for (const record of source.records) {
    if (record.problem) {
      problems.push({ line: record.line, message: record.problem });
      continue;
    }
    const unknown = Object.keys(record.values).filter((k) => !known.has(k));
    if (unknown.length > 0) {
      problems.push({
        line: record.line,
        message: `unknown column ${unknown.map((k) => `"${k}"`).join(', ')} (the columns are ${[...known].join(', ')})`,
      });
      continue;
    }
    // An absent column reads as an empty cell, so optional columns may be left out entirely.
    const cells = Object.fromEntries([...known].map((k) => [k, record.values[k] ?? '']));
    const parsed = schema.safeParse(cells);
    if (parsed.success) rows.push({ line: record.line, value: parsed.data });
    else {
      problems.push({
        line: record.line,
        message: parsed.error.issues
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('; '),
      });
    }
  }
  return { rows, problems };
}

/**
 * Problems for rows whose key (an e-mail, a name) repeats an earlier row's: the later row names
 * the line of the first.
 */
export function findRepeats<T>(
  rows: ValidRow<T>[],
  key: (value: T) => string | null,
  label: string,
): ImportProblem[] {
  const first = new Map<string, number>();
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const k = key(row.value);
    if (k === null) continue;
    const seen = first.get(k);
    if (seen === undefined) first.set(k, row.line);
    else problems.push({ line: row.line, message: `${label} "${k}" is already on line ${seen}` });
  }
  return problems;
}
