import { type TApplicantDataResponse, withHttps } from '../../../shared/applicant-data.js';
import type { Database } from '../../db/client.js';
import { findApplicantRecord } from './find-applicant-record.js';

const yesOrNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The signed-in student's admission record, in the spec's shape; null when the student is gone. */
export async function getApplicantData(
  db: Database,
  studentId: string,
): Promise<TApplicantDataResponse | null> {
  const row = await findApplicantRecord(db, studentId);
  if (!row) return null;
  const { student, school } = row;
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
      acceptance_letter: withHttps(student.acceptanceLetterUrl),
      'Admission Status': student.admissionStatus,
      'I20 issued': yesOrNo(student.i20Issued),
      'i20 document': withHttps(student.i20DocumentUrl),
      'sevis paid': yesOrNo(student.sevisPaid),
      'MOI Status': student.moiStatus,
    },
  };
}
