import type { TStudentImportProblem } from '../../../shared/student-import.js';
import type { ImportProblem } from '../../lib/import-records/validate-records.js';

/** A file's problems as the console lists them: by line, duplicates flagged. */
export const consoleImportProblems = (problems: ImportProblem[]): TStudentImportProblem[] =>
  problems
    .map((p) => ({ line: p.line, message: p.message, duplicate: p.duplicate === true }))
    .sort((a, b) => a.line - b.line);
