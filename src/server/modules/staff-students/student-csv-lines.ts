import { STUDENT_STAGE_NAMES } from '../../../shared/student-stages.js';
import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';
import { csvLine } from '../../lib/write-csv.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { studentsMatching, type StudentMatchRequest } from './students-matching.js';

const HEADER = [
  'student_id',
  'first_name',
  'last_name',
  'email',
  'school',
  'agency',
  'agent',
  'stage',
  'waiting',
  'last_activity_utc',
];

/**
 * The students a list request matches as CSV text, in the list's order, a page per chunk: a byte
 * order mark (so a spreadsheet reads names as UTF-8), the header, then one CRLF-ended record per
 * student, with the columns the list shows and never a sealed field. Every cell goes through
 * csvLine, which quotes and defuses what a spreadsheet would run as a formula.
 */
export async function* studentCsvLines(
  db: Database,
  keys: DataKeys,
  caller: StaffCaller,
  request: StudentMatchRequest,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}\r\n`;
  for await (const page of studentsMatching(db, keys, caller, request)) {
    yield page
      .map(
        (s) =>
          `${csvLine([
            s.id,
            s.firstName,
            s.lastName,
            s.email,
            s.schoolName,
            s.agencyName,
            s.agentName,
            STUDENT_STAGE_NAMES[s.stage],
            s.waiting.join('; '),
            s.lastActivityAt,
          ])}\r\n`,
      )
      .join('');
  }
}
