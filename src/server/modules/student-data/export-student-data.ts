import type { FastifyBaseLogger } from 'fastify';
import { STORAGE_KEY_COLUMN } from '../../admin/backup/database-catalog.js';
import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { ZipEntry } from '../../lib/zip-stream.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { lockConfirmedStudent } from './confirmed-student.js';
import { readStudentRows, rowForStudent, type StudentRow } from './read-student-rows.js';
import { studentTables } from './student-tables.js';

/** A stored file of the student's, and where it goes in the zip. */
interface ExportedFile {
  storageKey: string;
  path: string;
}

/** What an export holds: each table's rows, as the student receives them, and the files. */
export interface StudentDataExport {
  studentId: string;
  tables: { name: string; rows: StudentRow[] }[];
  files: ExportedFile[];
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'video/webm': '.webm',
};

/** The name a file had, made safe as a path part; else `file` with its type's extension. */
function fileNameOf(row: StudentRow): string {
  const named = typeof row.file_name === 'string' ? row.file_name : '';
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  const safe = named.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 150);
  if (safe !== '' && safe !== '.' && safe !== '..') return safe;
  const type = row.content_type ?? row.file_type;
  return `file${typeof type === 'string' ? (EXTENSIONS[type] ?? '') : ''}`;
}

/**
 * The student's data for an export, read in one transaction with its audit row (who took it, how
 * many rows of which table, how many files): the student locked in the caller's scope and their
 * name confirmed (lockConfirmedStudent), every row of every table of theirs (studentTables), the
 * sealed values opened. The files are read later, as the zip is written.
 */
export async function readStudentDataExport(
  deps: { db: Database; keys: DataKeys },
  caller: StaffCaller,
  by: AuditActorRef,
  request: { studentId: string; confirmName: string },
): Promise<StudentDataExport> {
  return deps.db.transaction(async (tx) => {
    const studentId = await lockConfirmedStudent(tx, caller, request);
    const tables = await studentTables(tx);
    const exported: StudentDataExport = { studentId, tables: [], files: [] };
    for (const table of tables) {
      const rows = await readStudentRows(tx, tables, table, studentId);
      if (rows.length === 0) continue;
      exported.tables.push({
        name: table.name,
        rows: rows.map((row) => rowForStudent(deps.keys, row)),
      });
      if (!table.holdsFiles) continue;
      for (const row of rows) {
        const storageKey = row[STORAGE_KEY_COLUMN];
        if (typeof storageKey === 'string')
          exported.files.push({ storageKey, path: `files/${storageKey}/${fileNameOf(row)}` });
      }
    }
    await recordAuditEvent(tx, by, {
      action: 'student.data-export',
      studentId,
      details: {
        rows: Object.fromEntries(exported.tables.map((t) => [t.name, t.rows.length])),
        files: exported.files.length,
      },
    });
    return exported;
  });
}

const README = `A copy of the data the portal holds about you.

data/<table>.json holds your rows of each table, as the portal stores them; values stored
encrypted are shown in the clear, and keyed hashes kept only to look you up are left out.
files/ holds each file stored for you (documents, interview recordings, issued I-20s), in a
folder named after the storage_key its row in data/ gives.
`;

/**
 * The zip's entries: a README, each table's rows as JSON, then each file, read from storage only
 * when the zip gets to it. A file whose row exists but whose bytes are gone is logged for the
 * operator and left out, rather than failing the rest of the copy.
 */
export async function* studentDataEntries(
  exported: StudentDataExport,
  storage: FileStorage,
  log: FastifyBaseLogger,
): AsyncGenerator<ZipEntry> {
  yield { name: 'README.txt', content: [Buffer.from(README)], compress: true };
  for (const table of exported.tables) {
    const json = `${JSON.stringify(table.rows, null, 2)}\n`;
    yield { name: `data/${table.name}.json`, content: [Buffer.from(json)], compress: true };
  }
  for (const file of exported.files) {
    const content = await storage.read(file.storageKey);
    if (!content) {
      log.error({ storageKey: file.storageKey }, "a student's file is missing from the export");
      continue;
    }
    yield { name: file.path, content, compress: false };
  }
}
