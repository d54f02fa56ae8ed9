import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZStaffAgentSchema } from '../../../shared/student-bulk-changes.js';
import type { Database } from '../../db/client.js';
import { agencies, agents } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';

type TStaffAgent = z.infer<typeof ZStaffAgentSchema>;

export const AGENT_NOT_ASSIGNABLE = 'agentId: no agent you may assign students to has this id';

/**
 * The agents a caller may assign students to: an administrator any agent, an agent those of
 * their own agency, so that no agent hands students to another agency (where they would no
 * longer see them). A school officer assigns none (STAFF_PERMISSIONS.assignAgent).
 */
function assignable(caller: StaffCaller): SQL | undefined {
  return caller.role === 'admin' ? undefined : eq(agents.agencyId, caller.agencyId ?? -1);
}

/** The agents the caller may assign, by agency then name. */
export async function listAssignableAgents(
  db: Database,
  caller: StaffCaller,
): Promise<TStaffAgent[]> {
  const rows = await db
    .select({
      id: agents.id,
      firstName: agents.firstName,
      lastName: agents.lastName,
      agencyName: agencies.companyName,
    })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(assignable(caller))
    .orderBy(
      asc(agencies.companyName),
      asc(agents.lastName),
      asc(agents.firstName),
      asc(agents.id),
    );
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    agencyName: row.agencyName,
  }));
}

/** The id of an agent the caller may assign, or a 400 that says there is none by that id. */
export async function requireAssignableAgent(
  db: Database,
  caller: StaffCaller,
  agentId: number,
): Promise<number> {
  const [found] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), assignable(caller)));
  if (!found) throw new HttpError(400, AGENT_NOT_ASSIGNABLE);
  return found.id;
}
