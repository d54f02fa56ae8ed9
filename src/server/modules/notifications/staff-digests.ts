import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { documents, messages, notifications, staff, students } from '../../db/schema.js';
import { studentsInScopeOfStaff } from '../staff-auth/students-in-scope.js';
import { NOTIFICATION_TEMPLATES } from './templates.js';

const { category } = NOTIFICATION_TEMPLATES['staff.digest'];

/** A relation of students as the CTEs below keep them: their organisation and demo kind. */
const keptStudents = (alias: string) => ({
  schoolId: sql.raw(`${alias}.school_id`),
  agencyId: sql.raw(`${alias}.agency_id`),
  demo: sql.raw(`${alias}.demo`),
});
const group = {
  role: sql.raw('g.role'),
  schoolId: sql.raw('g.school_id'),
  agencyId: sql.raw('g.agency_id'),
};

/**
 * Writes the day's digest of every staff member with something to report, in one INSERT …
 * SELECT: how many students of their scope (the console's one rule, students-in-scope.ts) wrote
 * since their last digest (or in the last day, before their first), and how many files of those
 * students wait for review. Once a day each, whatever runs it (digest:<staffId>:<UTC day>);
 * nothing for someone with nothing to report, or a disabled account. Answers how many it wrote.
 * Delivery skips someone who turned the digest off.
 *
 * The counts are the same for everyone of one role, organisation and last digest (a day's
 * digests share their time), so they are counted once per such group, over the messages and
 * files read once (`writers`, `pending`), and handed to each member: counted per staff member,
 * 300 agents over 20,000 students took 47 s on PostgreSQL. Each step is materialized, so the
 * planner reads it once instead of inlining it into every group's count.
 */
export async function recordStaffDigests(db: Database, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const at = sql`${now.toISOString()}::timestamptz`;
  const onceKey = sql`'digest:' || ${staff.id} || ':' || ${day}`;
  const since = sql`coalesce((select max(d.created_at) from ${notifications} d
    where d.staff_id = ${staff.id} and d.template = 'staff.digest'), ${at} - interval '1 day')`;
  const written = await queryRows<{ id: string }>(
    db,
    sql`
    with due as materialized (
      select ${staff.id} as id, ${staff.role} as role, ${staff.schoolId} as school_id,
        ${staff.agencyId} as agency_id, ${since} as since
      from ${staff}
      where ${staff.disabledAt} is null
        -- A pass later in the day counts nothing for those who have the day's digest.
        and not exists (select 1 from ${notifications} t where t.once_key = ${onceKey})
    ),
    writers as materialized (
      select ${students.schoolId} as school_id, ${students.agencyId} as agency_id,
        ${students.demo} as demo, max(${messages.createdAt}) as wrote_at
      from ${messages} join ${students} on ${students.id} = ${messages.studentId}
      where ${messages.direction} = 'outbound'
        and ${messages.createdAt} > (select min(due.since) from due)
      group by ${students.id}
    ),
    pending as materialized (
      select ${students.schoolId} as school_id, ${students.agencyId} as agency_id,
        ${students.demo} as demo, count(*) as files
      from ${documents} join ${students} on ${students.id} = ${documents.studentId}
      where ${documents.review} = 'pending'
      group by ${students.id}
    ),
    counted as materialized (
      select g.role, g.school_id, g.agency_id, g.since,
        (select count(*) from writers w
          where w.wrote_at > g.since and ${studentsInScopeOfStaff(group, keptStudents('w'))}) as wrote,
        (select coalesce(sum(p.files), 0) from pending p
          where ${studentsInScopeOfStaff(group, keptStudents('p'))}) as waiting
      from (select distinct role, school_id, agency_id, since from due) g
    )
    insert into ${notifications} (channel, category, template, staff_id, params, once_key, created_at)
    select 'email', ${category}, 'staff.digest', due.id,
      jsonb_build_object('wrote', c.wrote::text, 'waiting', c.waiting::text),
      'digest:' || due.id || ':' || ${day}, ${at}
    from due join counted c on c.role = due.role and c.since = due.since
      and c.school_id is not distinct from due.school_id
      and c.agency_id is not distinct from due.agency_id
    where c.wrote > 0 or c.waiting > 0
    on conflict (once_key) do nothing
    returning id`,
  );
  return written.length;
}
