import { and, asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type TStaffPermission, staffMay } from '../../../shared/staff-permissions.js';
import {
  BULK_SKIP_MESSAGES,
  MAX_BULK_STUDENTS,
  type TBulkChangeResult,
  type ZBulkChangeRequestSchema,
} from '../../../shared/student-bulk-changes.js';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuditActorRef } from '../audit/record-audit-event.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { studentsInScope } from '../staff-auth/students-in-scope.js';
import { listStaffStudents } from '../staff-students/list-staff-students.js';
import { studentsMatching } from '../staff-students/students-matching.js';
import {
  changeStudentRecord,
  type StudentColumnChanges,
} from '../student-records/change-student-record.js';
import { requireAssignableAgent } from './assignable-agents.js';

type BulkChangeRequest = z.output<typeof ZBulkChangeRequestSchema>;
type BulkChange = BulkChangeRequest['change'];

/** Each change is allowed to the roles of the one-student action it repeats. */
const PERMISSION_OF: Record<BulkChange['kind'], TStaffPermission> = {
  'admission-status': 'editAdmission',
  agent: 'assignAgent',
};

const tooManyStudents = (count: number) =>
  `${count.toLocaleString('en-US')} students match; one change acts on at most ${MAX_BULK_STUDENTS.toLocaleString('en-US')}. Narrow the filters.`;

/** The columns a change sets: an agent only one the caller may assign (a 400 otherwise). */
async function columnsOf(
  db: Database,
  caller: StaffCaller,
  change: BulkChange,
): Promise<StudentColumnChanges> {
  if (change.kind === 'admission-status') return { admissionStatus: change.admissionStatus };
  return { agentId: await requireAssignableAgent(db, caller, change.agentId) };
}

/** Whether a student has every value a change sets already: changing them would change nothing. */
const alreadyHas = (
  student: { admissionStatus: string; agentId: number | null },
  columns: StudentColumnChanges,
): boolean =>
  (columns.admissionStatus === undefined || columns.admissionStatus === student.admissionStatus) &&
  (columns.agentId === undefined || columns.agentId === student.agentId);

/**
 * The ids a selection names: as given (each once), or every student in the caller's scope the
 * list's filters match, at most MAX_BULK_STUDENTS (a larger match is a 400).
 */
async function selectedIds(
  deps: { db: Database; keys: DataKeys },
  caller: StaffCaller,
  selection: BulkChangeRequest['selection'],
): Promise<string[]> {
  if (selection.kind === 'students') return [...new Set(selection.ids)];
  const request = { ...selection.filters, sort: 'name' as const };
  const { total } = await listStaffStudents(deps.db, deps.keys, caller, { ...request, limit: 1 });
  if (total > MAX_BULK_STUDENTS) throw new HttpError(400, tooManyStudents(total));
  const ids: string[] = [];
  for await (const page of studentsMatching(deps.db, deps.keys, caller, request))
    ids.push(...page.map((student) => student.id));
  return ids;
}

/**
 * One change to many students, in one transaction: the students the selection names, locked in
 * the caller's scope (in id order, so two bulk changes never wait on each other), each changed
 * through the one writer of a record's statuses (changeStudentRecord: its audit row, its stage,
 * its version), as the console's change of one student is. A student outside the scope, or one
 * that already has the value, is skipped and said so; any failure leaves every student as it was.
 * A role that may not make the change for one student may not make it for many (403).
 */
export async function changeStudents(
  deps: { db: Database; keys: DataKeys },
  caller: StaffCaller,
  by: AuditActorRef,
  request: BulkChangeRequest,
): Promise<TBulkChangeResult> {
  if (!staffMay(caller.role, PERMISSION_OF[request.change.kind]))
    throw new HttpError(403, STAFF_ROLE_REFUSED);
  const columns = await columnsOf(deps.db, caller, request.change);
  const ids = await selectedIds(deps, caller, request.selection);
  return deps.db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: students.id,
        firstName: students.firstName,
        lastName: students.lastName,
        admissionStatus: students.admissionStatus,
        agentId: students.agentId,
      })
      .from(students)
      .where(and(inArray(students.id, ids), studentsInScope(caller)))
      .orderBy(asc(students.id))
      .for('update');
    const result: TBulkChangeResult = { changed: 0, skipped: [] };
    for (const id of ids) {
      const student = found.find((row) => row.id === id);
      const name = student ? `${student.firstName} ${student.lastName}` : null;
      const reason = !student ? 'not-in-scope' : alreadyHas(student, columns) ? 'unchanged' : null;
      if (reason) {
        result.skipped.push({ studentId: id, name, reason, message: BULK_SKIP_MESSAGES[reason] });
        continue;
      }
      await changeStudentRecord(
        tx,
        by,
        { id, describedAs: 'This student' },
        { columns, applicationStatuses: [], auditDetails: { bulk: true } },
      );
      result.changed += 1;
    }
    return result;
  });
}
