import { asc, eq, sql } from 'drizzle-orm';
import type { TNewStudentChoices } from '../../../shared/student-import.js';
import type { Database } from '../../db/client.js';
import { agencies, agents, schools } from '../../db/schema.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { scopeOrganisation } from '../staff-auth/students-in-scope.js';

/**
 * What "Add student" offers: every school (a student may enrol at any), and the agents the
 * caller may name, as addStudent decides (findImportAgents): every agent for an administrator,
 * their own agency's for an agent, who must name one.
 */
export async function listNewStudentChoices(
  db: Database,
  caller: StaffCaller,
): Promise<TNewStudentChoices> {
  const { agencyId } = scopeOrganisation(caller);
  const [schoolRows, agentRows] = await Promise.all([
    db
      .select({ id: schools.id, name: schools.name })
      .from(schools)
      .orderBy(asc(schools.name), asc(schools.id)),
    db
      .select({
        id: agents.id,
        name: sql<string>`${agents.firstName} || ' ' || ${agents.lastName}`,
        agencyName: agencies.companyName,
      })
      .from(agents)
      .innerJoin(agencies, eq(agencies.id, agents.agencyId))
      .where(agencyId === undefined ? undefined : eq(agents.agencyId, agencyId))
      .orderBy(
        asc(agencies.companyName),
        asc(agents.firstName),
        asc(agents.lastName),
        asc(agents.id),
      ),
  ]);
  return { schools: schoolRows, agents: agentRows, agentRequired: agencyId !== undefined };
}
