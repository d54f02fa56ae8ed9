import type { Multipart } from '@fastify/multipart';
import {
  MAX_STUDENT_IMPORT_BYTES,
  MAX_STUDENT_IMPORT_ROWS,
  STUDENT_IMPORT_FILE_FIELD,
  STUDENT_IMPORT_MESSAGES,
} from '../../../shared/student-import.js';
import { HttpError } from '../../lib/http-error.js';
import {
  ImportFileError,
  type RecordSource,
  recordsFromText,
} from '../../lib/import-records/records-from-text.js';
import { inspectUpload } from '../../lib/inspect-upload.js';

const TEXT = 'text';
const HEAD_BYTES = 512;

/** Spreadsheets and JSON are text: a NUL in the first bytes is a workbook, an image, a zip. */
const IMPORT_UPLOAD_RULES = {
  headLength: HEAD_BYTES,
  detect: (head: Uint8Array) => (head.includes(0) ? null : TEXT),
  maxBytes: MAX_STUDENT_IMPORT_BYTES,
  messages: {
    wrongType: STUDENT_IMPORT_MESSAGES.notText,
    tooLarge: STUDENT_IMPORT_MESSAGES.tooLarge,
    unreadable: STUDENT_IMPORT_MESSAGES.noFile,
  },
};

const formatOf = (fileName: string) => {
  const extension = /\.(csv|json)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'json' ? extension : null;
};

/**
 * The students file of a console import, read as the command line reads its file (one reader,
 * recordsFromText): CSV or JSON by its name, UTF-8 text of at most 5 MB and 10,000 rows. A file
 * that cannot be read at all is a 4xx naming why; a row that cannot be read is a row's problem.
 */
export async function readImportUpload(parts: AsyncIterable<Multipart>): Promise<RecordSource> {
  for await (const part of parts) {
    if (part.type !== 'file' || part.fieldname !== STUDENT_IMPORT_FILE_FIELD) {
      throw new HttpError(400, STUDENT_IMPORT_MESSAGES.noFile);
    }
    const fileName = part.filename.slice(0, 200);
    const format = formatOf(fileName);
    if (format === null) throw new HttpError(400, STUDENT_IMPORT_MESSAGES.wrongType);
    const upload = inspectUpload(part.file, IMPORT_UPLOAD_RULES);
    const chunks: Buffer[] = [];
    for await (const chunk of upload.chunks) chunks.push(chunk);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    } catch {
      throw new HttpError(415, STUDENT_IMPORT_MESSAGES.notText);
    }
    let source: RecordSource;
    try {
      source = recordsFromText(fileName, format, text);
    } catch (error) {
      if (error instanceof ImportFileError) throw new HttpError(400, error.message);
      throw error;
    }
    if (source.records.length > MAX_STUDENT_IMPORT_ROWS)
      throw new HttpError(400, STUDENT_IMPORT_MESSAGES.tooManyRows);
    return source;
  }
  throw new HttpError(400, STUDENT_IMPORT_MESSAGES.noFile);
}
