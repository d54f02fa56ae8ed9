import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  BANK_STATEMENT_TITLE,
  type TDocumentRequestState,
  waitsOnStudent,
} from '../../../shared/document-requests.js';
import { applications, documentRequests, schools, students } from '../../db/schema.js';
import type { RoadmapRecord } from './derive-roadmap.js';

const selectStudentRecord = (db: Database, name: string) =>
  db
    .select({
      admissionStatus: students.admissionStatus,
      acceptanceLetterUrl: students.acceptanceLetterUrl,
      i20Issued: students.i20Issued,
      i20IssuedOn: students.i20IssuedOn,
      i20DocumentUrl: students.i20DocumentUrl,
      sevisPaid: students.sevisPaid,
      sevisPaidOn: students.sevisPaidOn,
      schoolName: schools.name,
    })
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

const selectStudentApplications = (db: Database, name: string) =>
  db
    .select({
      university: applications.university,
      status: applications.status,
      programStartDate: applications.programStartDate,
    })
    .from(applications)
    .where(eq(applications.studentId, sql.placeholder('studentId')))
    .prepare(name);

const selectBankStatementRequests = (db: Database, name: string) =>
  db
    .select({ state: documentRequests.state, applicationId: documentRequests.applicationId })
    .from(documentRequests)
    .where(
      and(
        eq(documentRequests.studentId, sql.placeholder('studentId')),
        eq(sql`lower(${documentRequests.title})`, BANK_STATEMENT_TITLE.toLowerCase()),
      ),
    )
    .orderBy(desc(documentRequests.createdAt))
    .prepare(name);

/** The request whose application the roadmap's action opens: one waiting on the student first. */
function actionableRequest<T extends { state: TDocumentRequestState }>(
  requests: T[],
): T | undefined {
  return requests.find((request) => waitsOnStudent(request.state)) ?? requests[0];
}

/** The signed-in student's admission record, applications and bank statement requests; null when the student is gone. */
export async function findRoadmapRecord(
  db: Database,
  studentId: string,
): Promise<RoadmapRecord | null> {
  const [[student], studentApplications, bankStatements] = await Promise.all([
    preparedQuery(db, 'roadmap_student', selectStudentRecord).execute({ studentId }),
    preparedQuery(db, 'roadmap_applications', selectStudentApplications).execute({ studentId }),
    preparedQuery(db, 'roadmap_bank_statements', selectBankStatementRequests).execute({
      studentId,
    }),
  ]);
  return student
    ? {
        ...student,
        applications: studentApplications,
        bankStatementRequests: bankStatements.map((request) => request.state),
        bankStatementApplicationId: actionableRequest(bankStatements)?.applicationId ?? null,
      }
    : null;
}
