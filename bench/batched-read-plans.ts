/**
 * How PostgreSQL runs the batched dashboard reads (session-checked-read.ts) at a portal's scale:
 * 20,000 students with 10 applications and 10 messages each, a batch of 1 and of 100 requests
 * (distinct students), under the plan a prepared statement settles on (generic) and a fresh one
 * (custom). Prints whether each student is found by primary key and the median execution time
 * of 5 runs (EXPLAIN ANALYZE), so a change to the reads' SQL can be checked against a table scan.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/batched-read-plans.ts
 *
 * BENCH_SHOW_PLANS=1 prints each plan too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { selectApplicantRecord } from '../src/server/modules/applicant-data/find-applicant-record.js';
import { applicationList } from '../src/server/modules/applications/application-row.js';
import { selectOwnRows } from '../src/server/modules/auth/own-rows-list.js';
import { messageList } from '../src/server/modules/messages/message-row.js';
import { median } from './lib/median.js';
import { createScratchPostgres } from './lib/scratch-postgres.js';

const STUDENTS = 20_000;
const RUNS = 5;
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server to plan on');

const postgres = await createScratchPostgres(adminUrl);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-plans-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: postgres.url,
  }),
  { webDistDir: join(dataDir, 'none') },
);
await app.database.migrate();
// The demo's schools, students and their rows, as a portal has beside the bulk.
await seedDemoData(app.db, app.dataKeys);
const client = new pg.Client({ connectionString: postgres.url });
await client.connect();

try {
  await client.query(`insert into students (first_name, last_name, email, passport_number_hash, date_of_birth_hash, face_verified)
    select 'Student', 'No. ' || n, 'student-' || n || '@example.com', 'p' || n, 'd' || n, true
    from generate_series(1, ${STUDENTS}) n`);
  await client.query(`insert into applications (student_id, university, program, status, submitted_at)
    select s.id, 'University', 'Program', 'accepted', now() - n * interval '1 day'
    from students s cross join generate_series(1, 10) n where s.email like 'student-%'`);
  await client.query(`insert into messages (student_id, direction, from_name, to_name, subject, content)
    select s.id, 'inbound', 'Admissions', 'Student', 'Subject', 'Content'
    from students s cross join generate_series(1, 10) n where s.email like 'student-%'`);
  await client.query('analyze');

  // The app's own reads, prepared under a name only when executed (so never here).
  const reads = {
    'applicant data': selectApplicantRecord(app.db, 'plan_applicant_data'),
    applications: selectOwnRows(app.db, applicationList, 'plan_applications'),
    messages: selectOwnRows(app.db, messageList, 'plan_messages'),
  };
  const ids = (
    await client.query<{ id: string }>(
      `select id from students where email like 'student-%' order by random() limit 100`,
    )
  ).rows.map(({ id }) => id);
  const batch = (size: number) =>
    JSON.stringify(
      ids.slice(0, size).map((id, position) => ({
        position,
        student_id: id,
        session_id: '00000000-0000-4000-8000-000000000000',
      })),
    );

  console.log(`\n${STUDENTS.toLocaleString('en')} students; median of ${RUNS} runs\n`);
  console.log(
    '| read | plan | requests | student by primary key | execution ms |\n| --- | --- | ---: | --- | ---: |',
  );
  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    await client.query(`set plan_cache_mode = ${mode}`);
    for (const [name, read] of Object.entries(reads)) {
      const { sql: text, params } = read.getQuery();
      // The request batch is the first parameter; the rest (the student subquery's limit) are fixed.
      const fixed = params
        .slice(1)
        .map((value) => `, ${String(value)}`)
        .join('');
      await client.query(`prepare batched_read as ${text}`);
      for (const size of [1, 100]) {
        const execute = `execute batched_read(${client.escapeLiteral(batch(size))}${fixed})`;
        const times: number[] = [];
        let plan = '';
        for (let run = 0; run < RUNS; run += 1) {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, costs off) ${execute}`,
          );
          plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          if (process.env.BENCH_SHOW_PLANS && run === 0) console.log(plan);
          times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
        }
        const byKey =
          /Index Scan using students_pkey/.test(plan) && !/Seq Scan on students/.test(plan);
        console.log(
          `| ${name} | ${mode === 'force_generic_plan' ? 'generic' : 'custom'} | ${size} | ${byKey ? 'yes' : 'NO'} | ${median(times).toFixed(2)} |`,
        );
      }
      await client.query('deallocate batched_read');
    }
  }
} finally {
  await client.end();
  await app.close();
  await postgres.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
