import { sql } from 'drizzle-orm';
import { deriveStudentStage } from '../../shared/student-stages.js';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { studentStageFacts } from '../db/student-stages.js';

/**
 * What a test app checks as it closes: every student's stored stage is the one
 * deriveStudentStage gives from their facts now; and what the database keeps from the students,
 * the stage counts and the search's words, is the students counted and cut afresh (demo
 * visitors aside). A write of a stage's facts that forgets refreshStudentStages fails the test
 * file that makes it (docs/decisions/018).
 */
export async function refuseStaleStudentFacts(db: Database): Promise<void> {
  const stale = (await studentStageFacts(db, sql`true`))
    .map(({ id, stage, ...facts }) => ({ id, stage, derived: deriveStudentStage(facts) }))
    .filter((row) => row.stage !== row.derived);
  if (stale.length > 0)
    throw new Error(
      `students whose stored stage is not their derived one: ${JSON.stringify(stale)}`,
    );
  const counted = sql`select grouping(school_id, agency_id)::smallint as grain, school_id,
      agency_id, stage, count(*)::int as students
    from students where demo is distinct from 'visitor'
    group by grouping sets ((stage), (school_id, stage), (agency_id, stage),
                            (school_id, agency_id, stage))`;
  const kept = sql`select grain, school_id, agency_id, stage, students
    from derived.student_stage_counts where students <> 0`;
  const differences = await queryRows<Record<string, unknown>>(
    db,
    sql`(${kept} except ${counted}) union all (${counted} except ${kept})`,
  );
  if (differences.length > 0)
    throw new Error(`the stage counts are not the students': ${JSON.stringify(differences)}`);
  const words = sql`select distinct w.word, s.id, s.stage, s.school_id, s.agency_id,
      lower(s.last_name), lower(s.first_name)
    from students s, regexp_split_to_table(s.search_text, '[[:space:].@_+''-]+') w(word)
    where s.demo is distinct from 'visitor' and w.word <> ''`;
  const keptWords = sql`select word, student_id, stage, school_id, agency_id, last_name_key,
      first_name_key from derived.student_words`;
  const wordDifferences = await queryRows<Record<string, unknown>>(
    db,
    sql`(${keptWords} except ${words}) union all (${words} except ${keptWords})`,
  );
  if (wordDifferences.length > 0)
    throw new Error(`the search words are not the students': ${JSON.stringify(wordDifferences)}`);
}
