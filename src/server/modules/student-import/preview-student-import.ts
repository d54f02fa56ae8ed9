import {
  STUDENT_IMPORT_SAMPLE_ROWS,
  type TStudentImportPreview,
} from '../../../shared/student-import.js';
import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { RecordSource } from '../../lib/import-records/records-from-text.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { scopeOrganisation } from '../staff-auth/students-in-scope.js';
import { checkStudentImport } from './check-student-import.js';
import { consoleImportProblems } from './console-import-problems.js';

/** Every row of a console import checked as the import will check it; nothing is written. */
export async function previewStudentImport(
  { db, keys }: { db: Database; keys: DataKeys },
  caller: StaffCaller,
  source: RecordSource,
): Promise<TStudentImportPreview> {
  const checked = await checkStudentImport(
    db,
    keys,
    { students: source, applications: null },
    { agencyId: scopeOrganisation(caller).agencyId },
  );
  return {
    file: source.file,
    rows: source.records.length,
    ready: checked.students.length,
    sample: checked.students.slice(0, STUDENT_IMPORT_SAMPLE_ROWS).map((s) => ({
      line: s.line,
      name: `${s.first_name} ${s.last_name}`,
      email: s.email,
      school: s.school,
      agentEmail: s.agent_email,
    })),
    problems: consoleImportProblems(checked.problems),
  };
}
