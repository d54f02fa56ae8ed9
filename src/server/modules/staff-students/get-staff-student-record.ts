import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  PENDING_VERIFICATION_RESULT,
  verificationResultText,
} from '../../../shared/identity-verification.js';
import type { TStaffStudentRecord } from '../../../shared/staff-students.js';
import type { Database } from '../../db/client.js';
import {
  agencies,
  agents,
  applications,
  documents,
  identityVerificationSessions,
  invites,
  issuedDocuments,
  messages,
  moiQuestions,
  moiSessions,
  moiVideos,
  passkeyCredentials,
  profiles,
  schools,
  students,
} from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import {
  isStudentId,
  STUDENT_NOT_FOUND,
  studentsInScope,
} from '../staff-auth/students-in-scope.js';
import { SEALED_COLUMNS } from './sealed-columns.js';
import { waitingFactColumns, waitingItems } from './waiting-items.js';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The newest invite's state: what opening the portal with it would meet. */
function inviteState(
  invite: { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null } | undefined,
): TStaffStudentRecord['overview']['invite'] {
  if (!invite) return { state: 'none', expiresAt: null };
  const expiresAt = invite.expiresAt.toISOString();
  if (invite.usedAt) return { state: 'used', expiresAt };
  if (invite.revokedAt) return { state: 'revoked', expiresAt };
  return { state: invite.expiresAt.getTime() <= Date.now() ? 'expired' : 'open', expiresAt };
}

async function readOverview(db: Database, caller: StaffCaller, id: string) {
  const [student] = await db
    .select({
      student: students,
      schoolName: schools.name,
      schoolRequiresMoi: schools.requireMoi,
      agencyName: agencies.companyName,
      agentFirstName: agents.firstName,
      agentLastName: agents.lastName,
      ...waitingFactColumns(students.id, students.inviteLapsesAt),
    })
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(agents, eq(agents.id, students.agentId))
    .leftJoin(agencies, eq(agencies.id, students.agencyId))
    .where(and(eq(students.id, id), studentsInScope(caller)));
  return student;
}

/** The identity check the student is on now: its decision time, if it has one. */
async function currentIdentityCheck(db: Database, id: string) {
  const [current] = await db
    .select({ decidedAt: identityVerificationSessions.decidedAt })
    .from(identityVerificationSessions)
    .where(
      and(
        eq(identityVerificationSessions.studentId, id),
        isNull(identityVerificationSessions.supersededAt),
        // An account recovery's check is the recovery's, not the student's own.
        isNull(identityVerificationSessions.recoveryId),
      ),
    )
    .orderBy(desc(identityVerificationSessions.createdAt))
    .limit(1);
  return current;
}

async function readMoiRecordings(
  db: Database,
  id: string,
): Promise<TStaffStudentRecord['moiRecordings']> {
  const rows = await db
    .select({ session: moiSessions, video: moiVideos, questionText: moiQuestions.text })
    .from(moiSessions)
    .leftJoin(moiVideos, eq(moiVideos.sessionId, moiSessions.id))
    .leftJoin(moiQuestions, eq(moiQuestions.id, moiVideos.questionId))
    .where(eq(moiSessions.studentId, id))
    .orderBy(desc(moiSessions.createdAt), asc(moiVideos.videoIndex));
  const recordings = new Map<string, TStaffStudentRecord['moiRecordings'][number]>();
  for (const { session, video, questionText } of rows) {
    const recording = recordings.get(session.id) ?? {
      sessionId: session.id,
      status: session.status,
      reviewResult: session.reviewResult,
      submittedAt: iso(session.submittedAt),
      videos: [],
    };
    if (video)
      recording.videos.push({
        id: video.id,
        questionText: questionText ?? '',
        videoIndex: video.videoIndex,
        sizeBytes: video.sizeBytes,
        contentType: video.contentType,
      });
    recordings.set(session.id, recording);
  }
  return [...recordings.values()];
}

/** What the profile's open fields leave out: the sealed values and the row's own bookkeeping. */
const NOT_FIELDS = new Set<string>([...Object.values(SEALED_COLUMNS), 'studentId', 'updatedAt']);

function toProfile(row: typeof profiles.$inferSelect | undefined): TStaffStudentRecord['profile'] {
  if (!row) return null;
  const fields = Object.fromEntries(
    Object.entries(row).filter(
      (entry): entry is [string, string | null] => !NOT_FIELDS.has(entry[0]),
    ),
  );
  return {
    fields,
    sealed: {
      passportNumber: row[SEALED_COLUMNS.passportNumber] !== null,
      dateOfBirth: row[SEALED_COLUMNS.dateOfBirth] !== null,
      medicalConditions: row[SEALED_COLUMNS.medicalConditions] !== null,
      emergencyContact: row[SEALED_COLUMNS.emergencyContact] !== null,
    },
  };
}

/**
 * A student's record for the console: the overview (statuses, the identity check's result with
 * the spec's title for its code, passkey, invite, what waits on whom), applications, documents,
 * messages, interview recordings and the profile's open fields; the sealed ones only say whether
 * they hold a value (revealStudentField shows one, audited). A 404 outside the caller's scope.
 */
export async function getStaffStudentRecord(
  db: Database,
  caller: StaffCaller,
  id: string,
): Promise<TStaffStudentRecord> {
  const found = isStudentId(id) ? await readOverview(db, caller, id) : undefined;
  if (!found) throw new HttpError(404, STUDENT_NOT_FOUND);
  const { student } = found;
  const [
    identity,
    passkey,
    invite,
    applicationRows,
    documentRows,
    messageRows,
    moi,
    profile,
    issuedFiles,
  ] = await Promise.all([
    currentIdentityCheck(db, id),
    db
      .select({ one: sql`1` })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.studentId, id))
      .limit(1),
    db
      .select()
      .from(invites)
      .where(eq(invites.studentId, id))
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(1),
    db
      .select()
      .from(applications)
      .where(eq(applications.studentId, id))
      .orderBy(desc(applications.submittedAt)),
    db
      .select()
      .from(documents)
      .where(eq(documents.studentId, id))
      .orderBy(desc(documents.uploadedAt)),
    db
      .select()
      .from(messages)
      .where(eq(messages.studentId, id))
      .orderBy(desc(messages.createdAt), desc(messages.id)),
    readMoiRecordings(db, id),
    db.select().from(profiles).where(eq(profiles.studentId, id)),
    db
      .select({ kind: issuedDocuments.kind })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.studentId, id))
      .orderBy(asc(issuedDocuments.kind)),
  ]);
  const result = student.verificationResult;
  const decided = result !== PENDING_VERIFICATION_RESULT;
  return {
    overview: {
      id: student.id,
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email,
      stage: student.stage,
      waiting: waitingItems({ ...found, stage: student.stage }),
      schoolName: found.schoolName,
      schoolRequiresMoi: found.schoolRequiresMoi ?? false,
      agencyName: found.agencyName,
      agentName:
        found.agentFirstName === null
          ? null
          : `${found.agentFirstName} ${found.agentLastName ?? ''}`.trim(),
      admissionStatus: student.admissionStatus,
      degree: student.degree,
      major: student.major,
      admittedSemester: student.admittedSemester,
      acceptanceLetterUrl: student.acceptanceLetterUrl,
      i20Issued: student.i20Issued,
      i20IssuedOn: student.i20IssuedOn,
      sevisPaid: student.sevisPaid,
      sevisPaidOn: student.sevisPaidOn,
      issuedFiles: issuedFiles.map((file) => file.kind),
      moiStatus: student.moiStatus,
      identity: {
        result,
        title: decided && result !== 'approved' ? verificationResultText(result).title : null,
        decidedAt: iso(identity?.decidedAt ?? null),
      },
      passkeyEnrolled: passkey.length > 0,
      invite: inviteState(invite[0]),
      accessRevoked: student.disabledAt !== null,
      createdAt: student.createdAt.toISOString(),
      version: student.recordVersion,
    },
    applications: applicationRows.map((a) => ({
      id: a.id,
      university: a.university,
      program: a.program,
      status: a.status,
      submittedAt: a.submittedAt.toISOString(),
      programStartDate: a.programStartDate,
    })),
    documents: documentRows.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      fileType: d.fileType,
      fileSize: d.fileSize,
      applicationId: d.applicationId,
      uploadedAt: d.uploadedAt.toISOString(),
    })),
    messages: messageRows.map((m) => ({
      id: m.id,
      applicationId: m.applicationId,
      direction: m.direction,
      fromName: m.fromName,
      toName: m.toName,
      subject: m.subject,
      content: m.content,
      createdAt: m.createdAt.toISOString(),
      officeReadAt: iso(m.officeReadAt),
    })),
    moiRecordings: moi,
    profile: toProfile(profile[0]),
  };
}
