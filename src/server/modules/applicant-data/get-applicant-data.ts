import { type TApplicantDataResponse, withHttps } from '../../../shared/applicant-data.js';
import { issuedDocumentLink } from '../../../shared/issued-documents.js';
import type { Database } from '../../db/client.js';
import type { SessionCheckedRead, SessionRef } from '../auth/session-checked-read.js';
import { type ApplicantRecord, findApplicantRecord } from './find-applicant-record.js';

const yesOrNo = (value: boolean) => (value ? 'Yes' : 'No');

function toApplicantData({ student, school }: ApplicantRecord): TApplicantDataResponse {
  return {
    student: { 'First Name': student.firstName, 'Last Name': student.lastName },
    school: {
      Name: school?.name ?? '',
      Logo: withHttps(school?.logoUrl ?? null),
      'Require MOI': school?.requireMoi ?? false,
    },
    application: {
      degree: student.degree,
      major: student.major,
      'admitted semester': student.admittedSemester,
      acceptance_letter: issuedDocumentLink(student.acceptanceLetterUrl),
      'Admission Status': student.admissionStatus,
      'I20 issued': yesOrNo(student.i20Issued),
      'i20 document': issuedDocumentLink(student.i20DocumentUrl),
      'sevis paid': yesOrNo(student.sevisPaid),
      'MOI Status': student.moiStatus,
    },
  };
}

/** The session's student's admission record, in the spec's shape; null when the student is gone. */
export async function getApplicantData(
  db: Database,
  session: SessionRef,
): Promise<SessionCheckedRead<TApplicantDataResponse> | null> {
  const found = await findApplicantRecord(db, session);
  return found && { session: found.session, data: toApplicantData(found.data) };
}
