import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deriveStudentStage } from '../../shared/student-stages.js';
import { refuseStaleStudentFacts } from '../test/derived-student-facts.js';
import { copyOfMigrations } from '../test/failing-migration.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { openDatabase } from './client.js';
import { queryRows } from './query-rows.js';
import { studentStageFacts } from './student-stages.js';

const noIdleErrors = () => undefined;

/** Every mix of what a stage is derived from, as a database of the release before it had them. */
function factMixes() {
  const mixes = [];
  for (const faceVerified of [false, true])
    for (const verificationResult of ['pending', 'approved', 'declined_fraud'])
      for (const session of ['none', 'current', 'superseded'] as const)
        for (const requireMoi of [false, true])
          for (const moiStatus of ['Incomplete', 'Submitted'])
            for (const admissionStatus of ['Processing', ' accepted '])
              for (const [i20Issued, sevisPaid] of [
                [false, false],
                [true, false],
                [true, true],
              ] as const)
                mixes.push({
                  faceVerified,
                  verificationResult,
                  session,
                  requireMoi,
                  moiStatus,
                  admissionStatus,
                  i20Issued,
                  sevisPaid,
                });
  return mixes;
}

describe.each(testDatabaseKinds())('the stage migration ($name)', (kind) => {
  it("gives the students already there the rule's stage, their last activity and their counts", async () => {
    const database = await kind.create({ persistent: true });
    try {
      const older = openDatabase(
        database.location,
        noIdleErrors,
        copyOfMigrations({ before: 'staff_student_list' }).folder,
      );
      const mixes = factMixes();
      try {
        await older.migrate();
        await older.db.execute(sql`insert into schools (id, name, require_moi)
          values (1, 'No interview', false), (2, 'Interview', true)`);
        await older.db.execute(sql`insert into agencies (id, company_name) values (1, 'Agency')`);
        await older.db.execute(
          sql`insert into agents (id, agency_id, first_name, last_name) values (1, 1, 'A', 'Gent')`,
        );
        for (const [i, m] of mixes.entries()) {
          const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
          await older.db.execute(sql`insert into students (id, first_name, last_name,
              passport_number_hash, date_of_birth_hash, school_id, agent_id, face_verified,
              verification_result, moi_status, admission_status, i20_issued, sevis_paid)
            values (${id}, 'Student', ${String(i)}, 'h', 'h', ${m.requireMoi ? 2 : 1},
              ${i % 2 === 0 ? 1 : null}, ${m.faceVerified}, ${m.verificationResult},
              ${m.moiStatus}, ${m.admissionStatus}, ${m.i20Issued}, ${m.sevisPaid})`);
          if (m.session !== 'none')
            await older.db.execute(sql`insert into identity_verification_sessions
              (student_id, provider, provider_session_id, superseded_at)
              values (${id}, 'simulated', ${id},
                ${m.session === 'superseded' ? sql`now()` : sql`null`})`);
          if (i % 4 !== 3)
            await older.db
              .execute(sql`insert into invites (student_id, code_hash, expires_at, used_at)
              values (${id}, ${id}, ${i % 4 === 0 ? sql`now() - interval '1 day'` : sql`now() + interval '1 day'`},
                ${i % 4 === 1 ? sql`now()` : sql`null`})`);
          if (i % 3 === 0)
            await older.db.execute(sql`insert into messages
              (student_id, direction, from_name, to_name, subject, content, created_at)
              values (${id}, 'outbound', 'S', 'O', 'Hi', 'Hello',
                ${`2026-05-0${String((i % 9) + 1)}T10:00:00Z`}::timestamptz)`);
        }
      } finally {
        await older.close();
      }

      const current = openDatabase(database.location, noIdleErrors);
      try {
        await current.migrate();
        const rows = await studentStageFacts(current.db, sql`true`);
        expect(rows).toHaveLength(mixes.length);
        for (const { id, stage, ...facts } of rows)
          expect(stage, `${id} ${JSON.stringify(facts)}`).toBe(deriveStudentStage(facts));
        expect(new Set(rows.map((row) => row.stage)).size).toBeGreaterThanOrEqual(7);
        await refuseStaleStudentFacts(current.db);

        // The newest of what they did: here, their messages and identity checks.
        const activity = await queryRows<{ activity: string | null; newest: string | null }>(
          current.db,
          sql`select s.last_activity_at::text as activity, greatest(
                (select max(m.created_at) from messages m where m.student_id = s.id),
                (select max(v.created_at) from identity_verification_sessions v
                  where v.student_id = s.id))::text as newest
              from students s`,
        );
        expect(activity.filter((row) => row.activity !== row.newest)).toEqual([]);

        // The agency is the agent's; an unused, unrevoked newest invite says when it lapses.
        const kept = await queryRows<{
          agency: number | null;
          agent: number | null;
          lapses: boolean;
          unused: boolean;
        }>(
          current.db,
          sql`select s.agency_id as agency, s.agent_id as agent, s.invite_lapses_at is not null as lapses,
                exists (select 1 from invites i where i.student_id = s.id and i.used_at is null) as unused
              from students s`,
        );
        expect(kept.every((row) => row.agency === (row.agent === null ? null : 1))).toBe(true);
        expect(kept.every((row) => row.lapses === row.unused)).toBe(true);
        expect(kept.filter((row) => row.lapses).length).toBeGreaterThan(0);
        expect(activity.filter((row) => row.activity === null).length).toBeGreaterThan(0);
      } finally {
        await current.close();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
