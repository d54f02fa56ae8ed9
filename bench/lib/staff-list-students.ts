/**
 * A consultancy's worth of students for the staff list's benchmark, written by the database
 * itself (generate_series), in the proportions of a real portal:
 * - 50 schools (a third require the English interview), 100 agencies of 5 agents each; one
 *   agency, the benchmark agent's, brings 5% of the students, the others share the rest, and a
 *   fifth enrol directly with no agency;
 * - a quarter of the students have not passed the identity check (invited, waiting for a
 *   decision, or declined); of the rest 60% are admitted, half of those have their I-20, 60% of
 *   those paid the SEVIS fee and half of those have a visa appointment;
 * - an invite each (used by those who passed the check; some of the others' have run out), and
 *   on average 1.5 applications, 2 documents and 3 messages a student, a tenth of the messages
 *   the student's own that no office has read.
 * Names come from 60 first and 80 last names, accents included, so a surname search matches
 * about 1,250 students and a first and last name about 20. The rows go in with the database's triggers off (a row trigger per
 * message and document would take minutes on PGlite); then last activity is set from the rows,
 * the stages are written by the app's own refreshStudentStages, and the counts and the search's
 * words written afresh, which is what the triggers would have left.
 */
import { like, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { students } from '../../src/server/db/schema.js';
import { refreshStudentStages } from '../../src/server/db/student-stages.js';

const FIRST_NAMES = [
  'Priya',
  'Amara',
  'Minh Anh',
  'Lucas',
  'Farida',
  'Tunde',
  'Kwame',
  'José',
  'Zoë',
  'Chloé',
  'Björn',
  'Aarav',
  'Wei',
  'Mei',
  'Hiroshi',
  'Yuki',
  'Fatima',
  'Omar',
  'Ayesha',
  'Ali',
  'Chinedu',
  'Ngozi',
  'Kofi',
  'Esi',
  'Mateo',
  'Sofía',
  'Valentina',
  'Diego',
  'Camila',
  'Andrés',
  'Olga',
  'Dmitri',
  'Anya',
  'Lars',
  'Ingrid',
  'Mohammed',
  'Layla',
  'Hassan',
  'Noor',
  'Arjun',
  'Ananya',
  'Rohan',
  'Isha',
  'Thanh',
  'Linh',
  'Duc',
  'Hoa',
  'Seo-yeon',
  'Ji-ho',
  'Min-jun',
  'Aiko',
  'Kenji',
  'Emre',
  'Elif',
  'Can',
  'Zeynep',
  'Rafael',
  'Beatriz',
  'Tiago',
  'Inês',
];
const LAST_NAMES = [
  'Sharma',
  'Okafor',
  'Nguyễn',
  'Oliveira',
  'Rahman',
  'Adebayo',
  'Mensah',
  'García',
  'Müller',
  'Søndergaard',
  'Patel',
  'Chen',
  'Wang',
  'Tanaka',
  'Sato',
  'Khan',
  'Hussain',
  'Ahmed',
  'Eze',
  'Obi',
  'Boateng',
  'Asante',
  'Fernández',
  'López',
  'Martínez',
  'Rodríguez',
  'Pérez',
  'Gómez',
  'Ivanova',
  'Petrov',
  'Larsen',
  'Johansson',
  'Haddad',
  'Nasser',
  'Saleh',
  'Iyer',
  'Reddy',
  'Gupta',
  'Singh',
  'Trần',
  'Lê',
  'Phạm',
  'Kim',
  'Park',
  'Choi',
  'Yamamoto',
  'Suzuki',
  'Yılmaz',
  'Kaya',
  'Demir',
  'Santos',
  'Costa',
  'Pereira',
  'Silva',
  'Dubois',
  'Lefèvre',
  'Moreau',
  'Rossi',
  'Bianchi',
  'Kowalski',
  'Nowak',
  'Novák',
  'Horváth',
  'Papadopoulos',
  'Cohen',
  'Levi',
  'Mwangi',
  'Otieno',
  'Kariuki',
  'Banda',
  'Phiri',
  'Mahlangu',
  'Dlamini',
  'Abebe',
  'Tesfaye',
  'Haile',
  'Bekele',
  'Osei',
  'Owusu',
  'Appiah',
];

/** The agency whose agent the benchmark signs in as: the first of the benchmark's agencies. */
export const BENCH_AGENCY_NAME = 'Bench Agency 1';

/** How long each step took, for the benchmark's report. */
export interface SeedTimings {
  [step: string]: number;
}

/** Writes `count` students with their applications, documents and messages; answers the timings. */
export async function seedStaffListStudents(db: Database, count: number): Promise<SeedTimings> {
  const timings: SeedTimings = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    timings[name] = Math.round(performance.now() - started);
  };
  const firstNames = JSON.stringify(FIRST_NAMES);
  const lastNames = JSON.stringify(LAST_NAMES);

  await step('organisations', async () => {
    await db.execute(sql`insert into schools (name, require_moi)
      select 'Bench School ' || g, g % 3 = 0 from generate_series(1, 50) g`);
    await db.execute(sql`insert into agencies (company_name)
      select 'Bench Agency ' || g from generate_series(1, 100) g`);
    await db.execute(sql`insert into agents (agency_id, first_name, last_name)
      select a.id, 'Agent', a.company_name || ' ' || k
      from agencies a cross join generate_series(1, 5) k where a.company_name like 'Bench Agency %'`);
  });

  await db.transaction(async (tx) => {
    // The triggers are the database's bookkeeping of what the app writes one change at a time;
    // this bulk load does in one statement each what they would have done row by row.
    await tx.execute(sql`set local session_replication_role = replica`);
    await step('students', () =>
      tx.execute(sql`
        with org as (
          select (select array_agg(id order by id) from schools where name like 'Bench School %') as school_ids,
                 (select array_agg(g.id order by g.id) from agents g join agencies a on a.id = g.agency_id
                    where a.company_name like 'Bench Agency %') as agent_ids,
                 (select array_agg(g.id order by g.id) from agents g join agencies a on a.id = g.agency_id
                    where a.company_name = ${BENCH_AGENCY_NAME}) as big_agency_agent_ids,
                 (select array_agg(value order by ordinality) from json_array_elements_text(${firstNames}::json) with ordinality) as firsts,
                 (select array_agg(value order by ordinality) from json_array_elements_text(${lastNames}::json) with ordinality) as lasts
        ), draws as (
          select g, random() as identity, random() as admitted, random() as i20, random() as sevis,
                 random() as visa, random() as moi, random() as agency, random() as pick
          from generate_series(1, ${count}) g
        )
        insert into students (first_name, last_name, email, school_id, agent_id,
          passport_number_hash, date_of_birth_hash, face_verified, verification_result,
          admission_status, i20_issued, i20_issued_on, sevis_paid, sevis_paid_on,
          visa_appointment_on, moi_status, created_at)
        select
          org.firsts[1 + g % 60], org.lasts[1 + (g / 60) % 80],
          'student.' || g || '@bench.example',
          org.school_ids[1 + (g * 7) % 50],
          case when agency < 0.2 then null
               when agency < 0.25 then org.big_agency_agent_ids[1 + g % 5]
               else org.agent_ids[1 + (g * 13) % 500] end,
          md5('passport ' || g), md5('birth ' || g),
          identity >= 0.25,
          case when identity >= 0.25 then 'approved'
               when identity >= 0.2 then 'declined_document_quality' else 'pending' end,
          case when admitted < 0.6 then 'Admitted' else 'Processing' end,
          admitted < 0.6 and i20 < 0.5,
          case when admitted < 0.6 and i20 < 0.5 then current_date - 30 end,
          admitted < 0.6 and i20 < 0.5 and sevis < 0.6,
          case when admitted < 0.6 and i20 < 0.5 and sevis < 0.6 then current_date - 10 end,
          case when admitted < 0.6 and i20 < 0.5 and sevis < 0.6 and visa < 0.5 then current_date + 40 end,
          case when moi < 0.5 then 'Incomplete' else 'Submitted' end,
          now() - (pick * interval '365 days')
        from draws, org`),
    );
    // The agency the students' trigger would have copied from each agent.
    await step('agencies', () =>
      tx.execute(sql`update students s set agency_id = a.agency_id from agents a
        where a.id = s.agent_id and s.email like '%@bench.example'`),
    );
    await step('identity checks', () =>
      tx.execute(sql`insert into identity_verification_sessions
          (student_id, provider, provider_session_id, status, result_code, created_at)
        select id, 'simulated', id::text,
          case when face_verified then 'approved' when verification_result = 'pending' then 'submitted' else 'declined' end,
          case when face_verified then 'approved' when verification_result = 'pending' then null else verification_result end,
          created_at + interval '1 day'
        from students
        where email like '%@bench.example' and (face_verified or verification_result <> 'pending' or random() < 0.5)`),
    );
    await step('invites', () =>
      tx.execute(sql`insert into invites (student_id, code_hash, expires_at, used_at, created_at)
        select id, md5('invite ' || id), created_at + interval '30 days',
          case when face_verified then created_at + interval '2 days' end, created_at
        from students where email like '%@bench.example'`),
    );
    await step('invite lapses', () =>
      tx.execute(sql`update students s set invite_lapses_at = i.expires_at from invites i
        where i.student_id = s.id and i.used_at is null and s.email like '%@bench.example'`),
    );
    await step('applications', () =>
      tx.execute(sql`insert into applications (student_id, university, program, status, submitted_at)
        select s.id, 'Bench School ' || (1 + k), 'MS Data Science',
          (array['accepted', 'under_review', 'documents_required', 'rejected'])[1 + (k + abs(hashtext(s.id::text))) % 4],
          s.created_at + interval '2 days'
        from students s cross join generate_series(1, 2) k
        where s.email like '%@bench.example' and (k = 1 or random() < 0.5)`),
    );
    await step('documents', () =>
      tx.execute(sql`insert into documents (student_id, file_name, file_type, file_size, storage_key, uploaded_at)
        select s.id, 'document-' || k || '.pdf', 'application/pdf', 200000,
          'documents/' || gen_random_uuid(), s.created_at + k * interval '3 days'
        from students s cross join generate_series(1, 3) k
        where s.email like '%@bench.example' and random() < 0.67`),
    );
    await step('messages', () =>
      tx.execute(sql`insert into messages (student_id, direction, from_name, to_name, subject,
          content, is_read, office_read_at, created_at)
        select s.id,
          case when k % 2 = 0 then 'outbound' else 'inbound' end,
          case when k % 2 = 0 then s.first_name else 'Admissions Office' end,
          case when k % 2 = 0 then 'Admissions Office' else s.first_name end,
          'About my application', 'A message of the benchmark.', true,
          case when k % 2 = 0 and random() < 0.7 then s.created_at + k * interval '5 days' end,
          s.created_at + k * interval '4 days'
        from students s cross join generate_series(1, 4) k
        where s.email like '%@bench.example' and random() < 0.75`),
    );
    // The planner needs the new rows' statistics to join them by hash rather than by loops.
    await step('analyze', () => tx.execute(sql`analyze`));
    await step('last activity', () =>
      tx.execute(sql`update students s set last_activity_at = a.at from (
          select student_id, max(at) as at from (
            select student_id, uploaded_at as at from documents
            union all select student_id, created_at from messages
            union all select student_id, created_at from identity_verification_sessions
          ) x group by student_id
        ) a where a.student_id = s.id and s.email like '%@bench.example'`),
    );
  });
  await step('stages', () => refreshStudentStages(db, like(students.email, '%@bench.example')));
  await step('stage counts', () => db.execute(sql`select derived.recount_student_stages()`));
  await step('search words', () =>
    db.execute(sql`select derived.write_student_words(array(select id from students))`),
  );
  // What autovacuum would have done by the time staff read the list: the updates above leave dead
  // row versions, and the search index entries waiting in its pending list.
  await step('vacuum', () => db.execute(sql`vacuum analyze`));
  return timings;
}
