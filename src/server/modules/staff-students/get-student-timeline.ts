import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { auditActionName } from '../../../shared/audit-log.js';
import { verificationResultText } from '../../../shared/identity-verification.js';
import type { TStaffTimelineResponse } from '../../../shared/staff-students.js';
import type { Database } from '../../db/client.js';
import {
  auditEvents,
  credentialAuditLog,
  documents,
  identityVerificationSessions,
  messages,
  moiSessions,
  profiles,
  staff,
  students,
} from '../../db/schema.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';

type Entry = TStaffTimelineResponse['items'][number];

/** The newest entries a timeline shows; older history stays in the audit log and the tables. */
export const TIMELINE_LENGTH = 200;

const SEALED_FIELD_WORDS: Record<string, string> = {
  passportNumber: 'the passport number',
  dateOfBirth: 'the date of birth',
  medicalConditions: 'the medical conditions',
  emergencyContact: 'the emergency contact',
};

const byStudent = (at: Date, title: string): Entry => ({
  at: at.toISOString(),
  by: 'student',
  staffName: null,
  title,
});

function decisionTitle(resultCode: string | null): string {
  if (resultCode === 'approved') return 'Identity check approved';
  return `Identity check: ${verificationResultText(resultCode ?? '').title}`;
}

/** What the audit log says staff or the command line did, in words. */
function auditTitle(action: string, details: Record<string, unknown>): string {
  const field = action === 'profile.reveal' ? SEALED_FIELD_WORDS[String(details.field)] : undefined;
  return field ? `Revealed ${field}` : auditActionName(action);
}

/** What the student did, from the rows that record it, newest first. */
async function studentEntries(db: Database, id: string): Promise<Entry[]> {
  const limit = TIMELINE_LENGTH;
  const [checks, passkeys, uploads, sent, interviews, profile] = await Promise.all([
    db
      .select()
      .from(identityVerificationSessions)
      .where(eq(identityVerificationSessions.studentId, id))
      .orderBy(desc(identityVerificationSessions.createdAt))
      .limit(limit),
    db
      .select()
      .from(credentialAuditLog)
      .where(eq(credentialAuditLog.studentId, id))
      .orderBy(desc(credentialAuditLog.createdAt))
      .limit(limit),
    db
      .select()
      .from(documents)
      .where(eq(documents.studentId, id))
      .orderBy(desc(documents.uploadedAt))
      .limit(limit),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.studentId, id), eq(messages.direction, 'outbound')))
      .orderBy(desc(messages.createdAt))
      .limit(limit),
    db
      .select()
      .from(moiSessions)
      .where(and(eq(moiSessions.studentId, id), isNotNull(moiSessions.submittedAt)))
      .orderBy(desc(moiSessions.submittedAt))
      .limit(limit),
    // A profile written with the student (an import, the seed) shares its transaction's time;
    // only a later time is the student's own save.
    db
      .select({ updatedAt: profiles.updatedAt })
      .from(profiles)
      .innerJoin(students, eq(students.id, profiles.studentId))
      .where(and(eq(profiles.studentId, id), gt(profiles.updatedAt, students.createdAt))),
  ]);
  return [
    ...checks.flatMap((c) => [
      byStudent(c.createdAt, 'Started the identity check'),
      ...(c.decidedAt ? [byStudent(c.decidedAt, decisionTitle(c.resultCode))] : []),
    ]),
    ...passkeys.map((p) =>
      byStudent(
        p.createdAt,
        p.action === 'registered' ? 'Created a passkey' : 'A passkey was revoked',
      ),
    ),
    ...uploads.map((d) => byStudent(d.uploadedAt, `Uploaded ${d.fileName}`)),
    ...sent.map((m) => byStudent(m.createdAt, `Sent a message: ${m.subject}`)),
    ...interviews.flatMap((s) =>
      s.submittedAt ? [byStudent(s.submittedAt, 'Submitted the English interview')] : [],
    ),
    ...profile.map((p) => byStudent(p.updatedAt, 'Saved the profile')),
  ];
}

/** What staff and the command line did about the student, from the audit log, newest first. */
async function auditEntries(db: Database, id: string): Promise<Entry[]> {
  const rows = await db
    .select({
      createdAt: auditEvents.createdAt,
      actor: auditEvents.actor,
      staffName: staff.name,
      action: auditEvents.action,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(staff, eq(staff.id, auditEvents.staffId))
    .where(eq(auditEvents.studentId, id))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(TIMELINE_LENGTH);
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    by: row.actor,
    staffName: row.actor === 'staff' ? row.staffName : null,
    title: auditTitle(row.action, row.details),
  }));
}

/**
 * A student's timeline for the console: what the student did (the identity check, passkeys,
 * uploads, messages, the interview, the profile) merged with what staff and the command line did
 * (the audit log), newest first, the newest TIMELINE_LENGTH. A 404 outside the caller's scope.
 */
export async function getStudentTimeline(
  db: Database,
  caller: StaffCaller,
  studentId: string,
): Promise<TStaffTimelineResponse> {
  const id = await requireStudentInScope(db, caller, studentId);
  const [student, audit] = await Promise.all([studentEntries(db, id), auditEntries(db, id)]);
  const items = [...student, ...audit]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, TIMELINE_LENGTH);
  return { items };
}
