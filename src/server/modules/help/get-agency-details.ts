import { eq, sql } from 'drizzle-orm';
import { withHttps } from '../../../shared/applicant-data.js';
import type { TAgencyDetailsResponse } from '../../../shared/help.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { agencies, agents, students } from '../../db/schema.js';

const selectStudentAgency = (db: Database, name: string) =>
  db
    .select({ agent: agents, agency: agencies })
    .from(students)
    .leftJoin(agents, eq(agents.id, students.agentId))
    .leftJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

/**
 * The agency and agent who brought the signed-in student, in the spec's shape; both null for a
 * student who enrolled directly. Null when the student is gone.
 */
export async function getAgencyDetails(
  db: Database,
  studentId: string,
): Promise<TAgencyDetailsResponse | null> {
  const [row] = await preparedQuery(db, 'agency_details', selectStudentAgency).execute({
    studentId,
  });
  if (!row) return null;
  const { agent, agency } = row;
  return {
    agency: agency && {
      'Company Name': agency.companyName,
      Logo: withHttps(agency.logoUrl),
      'Phone Number': agency.phoneNumber,
      'Public Email': agency.publicEmail,
      City: agency.city,
      State: agency.state,
      Country: agency.country,
      'Business Services': agency.businessServices,
      Facebook: withHttps(agency.facebook),
      Instagram: withHttps(agency.instagram),
      Twitter: withHttps(agency.twitter),
      Website: withHttps(agency.website),
    },
    agent: agent && {
      'First Name': agent.firstName,
      'Last Name': agent.lastName,
      'phone number': agent.phoneNumber,
    },
  };
}
