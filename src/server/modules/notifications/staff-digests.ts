import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { documents, messages, notifications, staff, students } from '../../db/schema.js';
import { studentsInScopeOfStaff } from '../staff-auth/students-in-scope.js';
import { NOTIFICATION_TEMPLATES } from './templates.js';

const { category } = NOTIFICATION_TEMPLATES['staff.digest'];

/**
 * Writes the day's digest of every staff member with something to report, in one INSERT …
 * SELECT: how many students of their scope (the console's one rule, students-in-scope.ts) wrote
 * since their last digest (or in the last day, before their first), and how many files of those
 * students wait for review. Once a day each, whatever runs it (digest:<staffId>:<UTC day>);
 * nothing for someone with nothing to report, or a disabled account. Answers how many it wrote.
 * Delivery skips someone who turned the digest off.
 */
export async function recordStaffDigests(db: Database, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const at = sql`${now.toISOString()}::timestamptz`;
  const onceKey = sql`'digest:' || ${staff.id} || ':' || ${day}`;
  const lastDigest = sql`(select max(d.created_at) from ${notifications} d
    where d.staff_id = ${staff.id} and d.template = 'staff.digest')`;
  const written = await queryRows<{ id: string }>(
    db,
    sql`
    insert into ${notifications} (channel, category, template, staff_id, params, once_key, created_at)
    select 'email', ${category}, 'staff.digest', news.id,
      jsonb_build_object('wrote', news.wrote::text, 'waiting', news.waiting::text),
      'digest:' || news.id || ':' || ${day}, ${at}
    from (
      select ${staff.id} as id,
        (select count(distinct ${messages.studentId}) from ${messages}
          join ${students} on ${students.id} = ${messages.studentId}
          where ${messages.direction} = 'outbound'
            and ${messages.createdAt} > coalesce(${lastDigest}, ${at} - interval '1 day')
            and ${studentsInScopeOfStaff()}) as wrote,
        (select count(*) from ${documents}
          join ${students} on ${students.id} = ${documents.studentId}
          where ${documents.review} = 'pending' and ${studentsInScopeOfStaff()}) as waiting
      from ${staff}
      where ${staff.disabledAt} is null
        -- A pass later in the day counts nothing for those who have the day's digest.
        and not exists (select 1 from ${notifications} t where t.once_key = ${onceKey})
    ) news
    where news.wrote > 0 or news.waiting > 0
    on conflict (once_key) do nothing
    returning id`,
  );
  return written.length;
}
