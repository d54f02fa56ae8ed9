import type { Database } from '../../db/client.js';
import { schools } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { nameKey, type RecordSource } from '../../lib/import-records/records-from-text.js';
import {
  findRepeats,
  type ImportProblem,
  validateRecords,
} from '../../lib/import-records/validate-records.js';
import { type ExistingStudents, findExistingStudents } from './existing-students.js';
import { findImportAgents, importAgentFor } from './import-agents.js';
import {
  type ApplicationRow,
  type StudentRow,
  ZApplicationRow,
  ZStudentRow,
} from './student-rows.js';

export interface CheckedStudent extends StudentRow {
  /** The file's line it came from. */
  line: number;
  schoolId: number;
  agentId: number | null;
}

export interface CheckedApplication extends ApplicationRow {
  /** Set for a student already in the portal; null for one of this import (by e-mail). */
  existingStudentId: string | null;
}

export interface CheckedStudentImport {
  students: CheckedStudent[];
  applications: CheckedApplication[];
  problems: ImportProblem[];
}

/** Who imports: the command line or an administrator (undefined), or an agent's agency. */
export interface ImportScope {
  agencyId?: number;
}

/** A new student that repeats one already in the portal: a duplicate, not a typo. */
function duplicateProblems(existing: ExistingStudents, row: StudentRow): string[] {
  return [
    ...(existing.idByEmail.has(row.email)
      ? [`email: a student with "${row.email}" is already in the portal`]
      : []),
    ...(existing.passportNumbers.has(row.passport_number)
      ? ['passport_number: a student with this passport number is already in the portal']
      : []),
  ];
}

async function schoolIdsByName(db: Database): Promise<Map<string, number[]>> {
  const ids = new Map<string, number[]>();
  for (const s of await db.select({ id: schools.id, name: schools.name }).from(schools)) {
    ids.set(nameKey(s.name), [...(ids.get(nameKey(s.name)) ?? []), s.id]);
  }
  return ids;
}

/**
 * Every check of a student import, of both files, against the database: cell rules, e-mails
 * repeated in the file, students already in the portal (by e-mail or passport number: flagged
 * as duplicates), schools and agents that do not exist or that the importer may not name, and
 * applications whose student is nowhere. Collects every problem; writes nothing. The command
 * line and the console check through here alike.
 */
export async function checkStudentImport(
  db: Database,
  keys: DataKeys,
  sources: { students: RecordSource; applications: RecordSource | null },
  scope: ImportScope = {},
): Promise<CheckedStudentImport> {
  const { rows, problems } = validateRecords(sources.students, ZStudentRow);
  problems.push(...findRepeats(rows, (r) => r.email, 'the e-mail'));

  const applicationRows = sources.applications
    ? validateRecords(sources.applications, ZApplicationRow)
    : null;
  const [schoolIds, agentsFound, existing] = await Promise.all([
    schoolIdsByName(db),
    findImportAgents(db, scope.agencyId),
    findExistingStudents(db, keys, {
      emails: [
        ...rows.map((r) => r.value.email),
        ...(applicationRows?.rows.map((r) => r.value.student_email) ?? []),
      ],
      passportNumbers: rows.map((r) => r.value.passport_number),
    }),
  ]);

  const checked: CheckedStudent[] = [];
  for (const { line, value } of rows) {
    const found = schoolIds.get(nameKey(value.school)) ?? [];
    const [schoolId] = found;
    const agent = importAgentFor(agentsFound, value.agent_email);
    const messages = [
      ...(schoolId === undefined ? [`school: no school is named "${value.school}"`] : []),
      ...(found.length > 1 ? [`school: ${found.length} schools are named "${value.school}"`] : []),
      ...('problem' in agent ? [agent.problem] : []),
    ];
    const duplicates = duplicateProblems(existing, value);
    problems.push(
      ...messages.map((message) => ({ line, message })),
      ...duplicates.map((message) => ({ line, message, duplicate: true })),
    );
    if (messages.length + duplicates.length === 0 && schoolId !== undefined && 'agentId' in agent)
      checked.push({ ...value, line, schoolId, agentId: agent.agentId });
  }

  const applications: CheckedApplication[] = [];
  if (sources.applications && applicationRows) {
    const file = sources.applications.file;
    problems.push(...applicationRows.problems.map((p) => ({ ...p, file })));
    const imported = new Set(rows.map((r) => r.value.email));
    for (const { line, value } of applicationRows.rows) {
      const existingStudentId = existing.idByEmail.get(value.student_email) ?? null;
      if (existingStudentId === null && !imported.has(value.student_email)) {
        problems.push({
          file,
          line,
          message: `student_email: "${value.student_email}" is neither in the students file nor in the portal`,
        });
      } else applications.push({ ...value, existingStudentId });
    }
  }
  return { students: checked, applications, problems };
}
