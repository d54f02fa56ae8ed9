import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TMoiReviewResult } from '../../../shared/moi.js';
import type { Database } from '../../db/client.js';
import { applications, moiSessions, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import { notificationsOf } from './record-change-notifications.js';
import { recordNotifications } from '../notifications/record-notifications.js';

/** The columns of a student's record a change may set (statuses, admission details, the agent). */
export type StudentColumnChanges = Partial<
  Pick<
    typeof students.$inferInsert,
    | 'admissionStatus'
    | 'degree'
    | 'major'
    | 'admittedSemester'
    | 'acceptanceLetterUrl'
    | 'i20Issued'
    | 'i20IssuedOn'
    | 'i20DocumentUrl'
    | 'sevisPaid'
    | 'sevisPaidOn'
    | 'visaAppointmentOn'
    | 'moiStatus'
    | 'agentId'
  >
>;

export interface StudentRecordChange {
  columns: StudentColumnChanges;
  applicationStatuses: { id: number; status: string }[];
  /**
   * The review of the latest submitted interview (a null result takes a review back), with the
   * reason for a retake that the student reads.
   */
  moiReview?: { result: TMoiReviewResult | null; reason?: string | null };
  /** What else the audit row says of the change (a file uploaded with it: its name and size). */
  auditDetails?: Record<string, unknown>;
}

export interface ChangeReport {
  /** One line for each value changed, for whoever asked (the command line prints them). */
  lines: string[];
  /** The record's version after the change (docs/decisions/019), kept in the audit row too. */
  version: number;
}

/**
 * Writes a change to one student's record, in the caller's transaction, with its audit row
 * (each value as it was and became), what the student is told of it (notifications) and the
 * student's stage refreshed: the one writer of a
 * record's statuses, for the command line's update-student and the console alike. `describedAs`
 * names the student in a refusal ("This student", or the command line's name and e-mail).
 */
export async function changeStudentRecord(
  tx: Database,
  by: AuditActorRef,
  student: { id: string; describedAs: string },
  change: StudentRecordChange,
): Promise<ChangeReport> {
  const lines: string[] = [];
  const details: Record<string, unknown> = { ...change.auditDetails };
  const applicationChanges =
    change.applicationStatuses.length > 0
      ? await changeApplicationStatuses(tx, student, change, lines)
      : [];
  if (applicationChanges.length > 0) {
    // The audit row names the application by id; the student's e-mail, by its university.
    details.applications = applicationChanges.map(({ id, from, to }) => ({ id, from, to }));
  }
  if (change.moiReview !== undefined) {
    details.moiReview = await reviewLatestInterview(tx, student, change.moiReview, lines);
  }
  if (Object.keys(change.columns).length > 0) {
    details.changes = await changeColumns(tx, student.id, change.columns, lines);
    await refreshStudentStages(tx, studentsWithIds([student.id]));
  }
  const [after] = await tx
    .select({ version: students.recordVersion })
    .from(students)
    .where(eq(students.id, student.id));
  const version = after?.version ?? 0;
  await recordNotifications(
    tx,
    notificationsOf(student.id, { ...details, applications: applicationChanges }),
  );
  await recordAuditEvent(tx, by, {
    action: 'student.update',
    studentId: student.id,
    details: { ...details, version },
  });
  return { lines, version };
}

async function changeApplicationStatuses(
  tx: Database,
  student: { id: string; describedAs: string },
  change: StudentRecordChange,
  lines: string[],
) {
  const ids = change.applicationStatuses.map((a) => a.id);
  const owned = await tx
    .select({
      id: applications.id,
      status: applications.status,
      university: applications.university,
    })
    .from(applications)
    .where(and(eq(applications.studentId, student.id), inArray(applications.id, ids)))
    .for('update');
  const missing = ids.filter((id) => !owned.some((o) => o.id === id));
  if (missing.length > 0)
    throw new HttpError(404, `${student.describedAs} has no application ${missing.join(', ')}.`);
  for (const a of change.applicationStatuses) {
    await tx
      .update(applications)
      .set({ status: a.status, updatedAt: new Date() })
      .where(eq(applications.id, a.id));
    lines.push(`  application ${a.id}: status ${a.status}`);
  }
  return change.applicationStatuses.map((a) => {
    const before = owned.find((o) => o.id === a.id);
    return {
      id: a.id,
      university: before?.university ?? '',
      from: before?.status ?? null,
      to: a.status,
    };
  });
}

async function reviewLatestInterview(
  tx: Database,
  student: { id: string; describedAs: string },
  { result, reason = null }: NonNullable<StudentRecordChange['moiReview']>,
  lines: string[],
) {
  const [latest] = await tx
    .select({ id: moiSessions.id, reviewResult: moiSessions.reviewResult })
    .from(moiSessions)
    .where(and(eq(moiSessions.studentId, student.id), eq(moiSessions.status, 'submitted')))
    .orderBy(desc(moiSessions.submittedAt))
    .limit(1);
  if (!latest)
    throw new HttpError(409, `${student.describedAs} has no submitted MOI interview to review.`);
  await tx
    .update(moiSessions)
    .set({ reviewResult: result, reviewReason: reason })
    .where(eq(moiSessions.id, latest.id));
  lines.push(`  MOI interview ${latest.id}: review ${result ?? 'none'}`);
  return {
    session: latest.id,
    from: latest.reviewResult,
    to: result,
    ...(reason === null ? {} : { reason }),
  };
}

async function changeColumns(
  tx: Database,
  studentId: string,
  columns: StudentColumnChanges,
  lines: string[],
) {
  const [before] = await tx.select().from(students).where(eq(students.id, studentId)).for('update');
  await tx
    .update(students)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(students.id, studentId));
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) {
    lines.push(`  ${key}: ${String(value)}`);
    changes[key] = { from: before?.[key as keyof typeof before] ?? null, to: value };
  }
  return changes;
}
