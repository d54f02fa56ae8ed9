/**
 * One pass of the notification worker's schedule at volume: 20,000 students more than the seed's,
 * 100,000 document requests due over 30 days, 40,000 students' messages over two days, 11,111
 * files waiting for review and 300 agents. Prints how long the due-date reminders' INSERT … SELECT
 * and the staff digests' take, then a second pass of each (which finds everything written).
 *
 *   npx tsx bench/notification-passes.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notification-passes.ts
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/query-rows.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { recordDueDateReminders } from '../src/server/modules/notifications/due-date-reminders.js';
import { recordStaffDigests } from '../src/server/modules/notifications/staff-digests.js';
import { openBenchApp } from './lib/bench-app.js';

async function main() {
  const { app, close } = await openBenchApp('passes');
  try {
    await app.database.migrate();
    await seedDemoData(app.db, app.dataKeys);
    await app.db
      .execute(sql`insert into students (first_name, last_name, email, passport_number_hash, date_of_birth_hash, school_id, agent_id)
      select 'S' || g, 'L' || g, 's' || g || '@bench.example', 'p' || g, 'd' || g,
        (select id from schools order by id offset g % (select count(*) from schools) limit 1),
        (select id from agents order by id offset g % (select count(*) from agents) limit 1)
      from generate_series(1, 20000) g`);
    await app.db
      .execute(sql`insert into applications (student_id, university, program, status, submitted_at)
      select id, 'U', 'P', 'under_review', now() from students`);
    await app.db
      .execute(sql`insert into document_requests (application_id, student_id, title, due_date, state)
      select a.id, a.student_id, 'Doc ' || g, current_date + ((a.id + g * 7) % 30) - 5,
        (array['requested','rejected','under_review','accepted'])[1 + g % 4]
      from generate_series(1, 5) g cross join applications a`);
    await app.db
      .execute(sql`insert into messages (student_id, direction, from_name, to_name, subject, content, created_at)
      select s.id, 'outbound', 'x', 'y', 's', 'c', now() - (g % 48) * interval '1 hour'
      from students s cross join generate_series(1, 2) g where s.first_name like 'S%'`);
    await app.db
      .execute(sql`insert into documents (student_id, file_name, file_type, file_size, storage_key, review)
      select id, 'f.pdf', 'application/pdf', 1, 'k' || id, 'pending' from students where first_name like 'S1%'`);
    await app.db.execute(sql`insert into staff (name, email, role, agency_id)
      select 'Agent ' || g, 'agent' || g || '@bench.example', 'agent',
        (select id from agencies order by id offset g % (select count(*) from agencies) limit 1)
      from generate_series(1, 300) g`);
    const [figures] = await queryRows<Record<string, string>>(
      app.db,
      sql`select (select count(*) from students) students,
        (select count(*) from document_requests) requests, (select count(*) from messages) messages,
        (select count(*) from documents where review = 'pending') pending,
        (select count(*) from staff) staff`,
    );
    console.log(figures);
    for (const [label, run] of [
      ['reminders', recordDueDateReminders],
      ['digests', recordStaffDigests],
      ['reminders again', recordDueDateReminders],
      ['digests again', recordStaffDigests],
    ] as const) {
      const started = performance.now();
      const count = await run(app.db, new Date());
      console.log(
        `${app.database.driver} ${label}: ${(performance.now() - started).toFixed(0)} ms, ${count} written`,
      );
    }
  } finally {
    await close();
  }
}
await main();
