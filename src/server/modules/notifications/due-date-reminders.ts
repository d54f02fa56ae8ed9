import { sql } from 'drizzle-orm';
import { DOCUMENT_REQUEST_STATES, waitsOnStudent } from '../../../shared/document-requests.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import {
  applications,
  documentRequests,
  notifications,
  pushSubscriptions,
  students,
} from '../../db/schema.js';
import { NOTIFICATION_TEMPLATES } from './templates.js';

const HOUR_MS = 3_600_000;

/**
 * The reminders of a due date, by the days from "today" to it: a week before, two days before,
 * and the day after it passed. Only those days: a request made five days before its due date
 * gets the two days' reminder, not a late "week before" one.
 */
const REMINDERS = [
  { kind: '7-days', daysBefore: 7 },
  { kind: '2-days', daysBefore: 2 },
  { kind: 'overdue', daysBefore: -1 },
] as const;

/**
 * Today as due dates count it on the server. A due date is a calendar day on the student's own
 * calendar (src/shared/document-requests.ts) and the server does not know the student's time
 * zone, so it counts on the last one to reach each day, UTC-12 ("anywhere on Earth"): the
 * overdue reminder never comes while the due day still runs for the student, wherever they are.
 * The ones before come at most a day early on the far side of the date line, and name the day.
 */
export const dueDateToday = (now: Date): string =>
  new Date(now.getTime() - 12 * HOUR_MS).toISOString().slice(0, 10);

const WAITING_STATES = DOCUMENT_REQUEST_STATES.filter(waitsOnStudent);
const { category } = NOTIFICATION_TEMPLATES['reminder.due'];

/**
 * Writes the due-date reminders of `now` into the outbox, in one INSERT … SELECT: each request's
 * each reminder once whatever runs it, however often (its once key, reminder:<id>:<kind>, and
 * :push after it for the push beside the e-mail), and only while the request waits on the
 * student (nothing uploaded, or sent back): by e-mail to a student with an address, by push to
 * one with push on in a browser. Answers how many it wrote. Delivery skips a student who turned reminders off.
 */
export async function recordDueDateReminders(db: Database, now: Date): Promise<number> {
  const today = dueDateToday(now);
  const kinds = sql.join(
    REMINDERS.map(({ kind, daysBefore }) => sql`(${kind}, ${daysBefore}::int)`),
    sql`, `,
  );
  const written = await queryRows<{ id: string }>(
    db,
    sql`
    insert into ${notifications}
      (channel, category, template, student_id, params, once_key, created_at)
    select c.channel, ${category}, 'reminder.due', r.student_id,
      jsonb_build_object(
        'kind', k.kind, 'title', r.title, 'dueDate', r.due_date::text,
        'university', a.university, 'applicationId', a.id::text),
      'reminder:' || r.id || ':' || k.kind || (case c.channel when 'push' then ':push' else '' end),
      ${now.toISOString()}::timestamptz
    from ${documentRequests} r
    join (values ${kinds}) as k(kind, days_before)
      on r.due_date = ${today}::date + k.days_before
    join ${applications} a on a.id = r.application_id
    join ${students} s on s.id = r.student_id
    cross join (values ('email'), ('push')) as c(channel)
    where r.state in (${sql.join(
      WAITING_STATES.map((state) => sql`${state}`),
      sql`, `,
    )})
      and (c.channel = 'email' and s.email is not null
        or c.channel = 'push' and exists (
          select 1 from ${pushSubscriptions} p where p.student_id = s.id))
      and s.disabled_at is null
      and s.demo is distinct from 'visitor'
    on conflict (once_key) do nothing
    returning id`,
  );
  return written.length;
}
