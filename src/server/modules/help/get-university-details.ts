import { eq, sql } from 'drizzle-orm';
import { withHttps } from '../../../shared/applicant-data.js';
import type { TUniversityDetailsResponse } from '../../../shared/help.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { schools, students } from '../../db/schema.js';

const selectStudentSchool = (db: Database, name: string) =>
  db
    .select({ school: schools })
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

/**
 * The school on the signed-in student's record, in the spec's shape; `school` is null when the
 * record names none. Null when the student is gone.
 */
export async function getUniversityDetails(
  db: Database,
  studentId: string,
): Promise<TUniversityDetailsResponse | null> {
  const [row] = await preparedQuery(db, 'university_details', selectStudentSchool).execute({
    studentId,
  });
  if (!row) return null;
  const { school } = row;
  if (!school) return { school: null };
  return {
    school: {
      Name: school.name,
      Logo: withHttps(school.logoUrl),
      'Institution Type': school.institutionType,
      'Institution Size': school.institutionSize,
      'Phone Number': school.phoneNumber,
      inbound_email_address: school.inboundEmailAddress,
      whatsapp_number: school.whatsappNumber,
      'Address Line 1': school.addressLine1,
      'City Location': school.city,
      State: school.state,
      'ZIP Code': school.zipCode,
      Country: school.country,
      Facebook: withHttps(school.facebook),
      Instagram: withHttps(school.instagram),
      Twitter: withHttps(school.twitter),
      Website: withHttps(school.website),
      Mission: school.mission,
    },
  };
}
