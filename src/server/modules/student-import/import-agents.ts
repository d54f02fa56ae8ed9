import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { agents } from '../../db/schema.js';

/** Who may be named as a new student's agent, and who is when nobody is named. */
export interface ImportAgents {
  ids: Set<number>;
  /** Lower-cased e-mail to the agent's id. */
  idByEmail: Map<string, number>;
  /** The agent a student without one gets: an agency's only agent; null when none is given. */
  fallbackId: number | null;
  /** Set when the agents are one agency's: a student must have one of them. */
  agencyId?: number;
}

/**
 * The agents a new student may name: every agent for an administrator or the command line; for an
 * agent, their own agency's, so the students they add stay theirs to see. An agency with one
 * agent gives that agent to a student who names none.
 */
export async function findImportAgents(
  db: Database,
  agencyId: number | undefined,
): Promise<ImportAgents> {
  const rows = await db
    .select({ id: agents.id, email: sql<string | null>`lower(${agents.email})` })
    .from(agents)
    .where(agencyId === undefined ? undefined : eq(agents.agencyId, agencyId));
  const [only] = rows;
  return {
    ids: new Set(rows.map((a) => a.id)),
    idByEmail: new Map(rows.flatMap((a) => (a.email === null ? [] : [[a.email, a.id]]))),
    fallbackId: agencyId !== undefined && rows.length === 1 && only ? only.id : null,
    ...(agencyId === undefined ? {} : { agencyId }),
  };
}

/** The agent a new student gets from the agent column's e-mail, or why there is none. */
export function importAgentFor(
  agentsFound: ImportAgents,
  email: string | null,
): { agentId: number | null } | { problem: string } {
  if (email !== null) {
    const agentId = agentsFound.idByEmail.get(email);
    if (agentId !== undefined) return { agentId };
    return {
      problem:
        agentsFound.agencyId === undefined
          ? `agent_email: no agent has the e-mail "${email}"`
          : `agent_email: no agent of your agency has the e-mail "${email}"`,
    };
  }
  if (agentsFound.agencyId === undefined || agentsFound.fallbackId !== null)
    return { agentId: agentsFound.fallbackId };
  return { problem: "agent_email: is required: name one of your agency's agents" };
}
