import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications, pushSubscriptions, staff, students } from '../../db/schema.js';
import { studentsInScopeOfStaff } from '../staff-auth/students-in-scope.js';
import { NOTIFICATION_TEMPLATES } from './templates.js';

/** What the student's agents are told of at once, by e-mail and push: a security event. */
export type AgentNoticeTemplate = 'staff.student-recovered';

/**
 * Writes a notice to each agent who looks after the student (the agents of the student's agency,
 * by the console's one scope rule) by e-mail, and by push too where they turned it on, in the
 * transaction of the change: one statement, whatever the number of agents, nothing for a
 * disabled account. The student's name comes from their row.
 */
export async function notifyStudentsAgents(
  tx: Database,
  studentId: string,
  template: AgentNoticeTemplate,
): Promise<void> {
  const { category } = NOTIFICATION_TEMPLATES[template];
  await tx.execute(sql`
    insert into ${notifications} (channel, category, template, staff_id, params)
    select channel, ${category}, ${template}, ${staff.id},
      jsonb_build_object('student', ${students.firstName} || ' ' || ${students.lastName},
        'studentId', ${students.id}::text)
    from ${staff}
    join ${students} on ${students.id} = ${studentId}
    cross join (values ('email'), ('push')) as channels(channel)
    where ${staff.disabledAt} is null
      and ${staff.role} = 'agent'
      and ${studentsInScopeOfStaff()}
      and (channel = 'email'
        or exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.staffId} = ${staff.id}))`);
}
