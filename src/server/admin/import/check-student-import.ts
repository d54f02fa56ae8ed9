import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { agents, schools, students } from '../../db/schema.js';
import { nameKey } from './import-options.js';
import type { RecordSource } from './read-records.js';
import {
  type ApplicationRow,
  type StudentRow,
  ZApplicationRow,
  ZStudentRow,
} from './student-rows.js';
import { findRepeats, type ImportProblem, validateRecords } from './validate-records.js';

export interface CheckedStudent extends StudentRow {
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

/**
 * Every check of a student import, of both files, against the database: cell rules, e-mails
 * repeated in the file or already in the portal, schools and agents that do not exist, and
 * applications whose student is nowhere. Collects every problem; writes nothing.
 */
export async function checkStudentImport(
  db: Database,
  studentSource: RecordSource,
  applicationSource: RecordSource | null,
): Promise<CheckedStudentImport> {
  const { rows, problems } = validateRecords(studentSource, ZStudentRow);
  problems.push(...findRepeats(rows, (r) => r.email, 'the e-mail'));

  const schoolIds = new Map<string, number[]>();
  for (const s of await db.select({ id: schools.id, name: schools.name }).from(schools)) {
    schoolIds.set(nameKey(s.name), [...(schoolIds.get(nameKey(s.name)) ?? []), s.id]);
  }
  const agentIds = new Map(
    (
      await db
        .select({ id: agents.id, email: sql<string | null>`lower(${agents.email})` })
        .from(agents)
    ).map((a) => [a.email ?? '', a.id]),
  );
  const existingStudents = new Map(
    (
      await db
        .select({ id: students.id, email: sql<string | null>`lower(${students.email})` })
        .from(students)
    ).map((s) => [s.email ?? '', s.id]),
  );

  const checked: CheckedStudent[] = [];
  for (const { line, value } of rows) {
    const found = schoolIds.get(nameKey(value.school)) ?? [];
    const [schoolId] = found;
    const agentId = value.agent_email === null ? null : agentIds.get(value.agent_email);
    const before = problems.length;
    if (schoolId === undefined)
      problems.push({ line, message: `school: no school is named "${value.school}"` });
    else if (found.length > 1)
      problems.push({
        line,
        message: `school: ${found.length} schools are named "${value.school}"`,
      });
    if (agentId === undefined)
      problems.push({
        line,
        message: `agent_email: no agent has the e-mail "${value.agent_email ?? ''}"`,
      });
    if (existingStudents.has(value.email))
      problems.push({
        line,
        message: `email: a student with "${value.email}" is already in the portal`,
      });
    if (problems.length === before && schoolId !== undefined && agentId !== undefined) {
      checked.push({ ...value, schoolId, agentId });
    }
  }

  const applications: CheckedApplication[] = [];
  if (applicationSource) {
    const file = applicationSource.file;
    const validated = validateRecords(applicationSource, ZApplicationRow);
    problems.push(...validated.problems.map((p) => ({ ...p, file })));
    const imported = new Set(rows.map((r) => r.value.email));
    for (const { line, value } of validated.rows) {
      const existingStudentId = existingStudents.get(value.student_email) ?? null;
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
