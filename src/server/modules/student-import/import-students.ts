import type {
  TStudentImportRefused,
  TStudentImportResult,
} from '../../../shared/student-import.js';
import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { RecordSource } from '../../lib/import-records/records-from-text.js';
import type { AuditActorRef } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { scopeOrganisation } from '../staff-auth/students-in-scope.js';
import { checkStudentImport } from './check-student-import.js';
import { consoleImportProblems } from './console-import-problems.js';
import { inviteCodesCsv } from './invite-codes.js';
import { writeStudentImport } from './write-student-import.js';

/**
 * A console import: the file checked again as its preview was (the portal may have changed since),
 * then every row written, or none: any problem refuses the whole file with every row's reason,
 * before anything is written. Answers the new codes as the CSV the command line writes, this once.
 */
export async function importStudents(
  { db, keys }: { db: Database; keys: DataKeys },
  caller: StaffCaller,
  by: AuditActorRef,
  source: RecordSource,
): Promise<{ imported: TStudentImportResult } | { refused: TStudentImportRefused }> {
  return db.transaction(async (tx) => {
    const checked = await checkStudentImport(
      tx,
      keys,
      { students: source, applications: null },
      { agencyId: scopeOrganisation(caller).agencyId },
    );
    if (checked.problems.length > 0) {
      const problems = consoleImportProblems(checked.problems);
      const rows = new Set(problems.map((p) => p.line)).size;
      return {
        refused: {
          message: `${rows} bad ${rows === 1 ? 'row' : 'rows'}; nothing was imported.`,
          problems,
        },
      };
    }
    const issued = await writeStudentImport(tx, keys, checked, {
      by,
      action: 'student.import',
      files: { students: source.file, applications: null },
    });
    return { imported: { imported: issued.length, codesCsv: inviteCodesCsv(issued) } };
  });
}
