import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications, pushSubscriptions, staff, students } from '../../db/schema.js';
import { studentsInScopeOfStaff } from '../staff-auth/students-in-scope.js';
import { NOTIFICATION_TEMPLATES } from './templates.js';

/** What staff hear of by push as it happens: a student wrote, a document waits for review. */
export type StaffPushTemplate = 'staff.student-wrote' | 'staff.document-uploaded';

/**
 * Writes a push notification to every staff member who sees the student (the scope rule) and
 * turned push on in a browser, in the transaction of the student's message or upload: one
 * statement, whatever the number of staff, that writes nothing where nobody has push on. The
 * student's name comes from their row; `params` add what the template links to.
 */
export async function notifyStaffByPush(
  tx: Database,
  studentId: string,
  template: StaffPushTemplate,
  params: Record<string, string>,
): Promise<void> {
  const { category } = NOTIFICATION_TEMPLATES[template];
  await tx.execute(sql`
    insert into ${notifications} (channel, category, template, staff_id, params)
    select 'push', ${category}, ${template}, ${staff.id},
      jsonb_build_object('student', ${students.firstName} || ' ' || ${students.lastName},
        'studentId', ${students.id}::text) || ${JSON.stringify(params)}::jsonb
    from ${staff}
    join ${students} on ${students.id} = ${studentId}
    where ${staff.disabledAt} is null
      and ${studentsInScopeOfStaff()}
      and exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.staffId} = ${staff.id})`);
}
