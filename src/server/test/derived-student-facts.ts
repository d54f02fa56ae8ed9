import { sql } from 'drizzle-orm';
import { deriveStudentStage } from '../../shared/student-stages.js';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { studentStageFacts } from '../db/student-stages.js';

/**
 * What a test app checks as it closes: every student's stored stage is the one
 * deriveStudentStage gives from their facts now, and the database's stage counts are the
 * students counted afresh (demo visitors aside). A write of a stage's facts that forgets refreshStudentStages fails
 * the test file that makes it (docs/decisions/018).
 */
export async function refuseStaleStudentFacts(db: Database): Promise<void> {
  const stale = (await studentStageFacts(db, sql`true`))
    .map(({ id, stage, ...facts }) => ({ id, stage, derived: deriveStudentStage(facts) }))
    .filter((row) => row.stage !== row.derived);
  if (stale.length > 0)
    throw new Error(
      `students whose stored stage is not their derived one: ${JSON.stringify(stale)}`,
    );
  const differences = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from (
          (select school_id, agency_id, stage, students from derived.student_stage_counts
            where students <> 0
           except
           select s.school_id, a.agency_id, s.stage, count(*)::int from students s
            left join agents a on a.id = s.agent_id
            where s.demo is distinct from 'visitor' group by 1, 2, 3)
          union all
          (select s.school_id, a.agency_id, s.stage, count(*)::int from students s
            left join agents a on a.id = s.agent_id
            where s.demo is distinct from 'visitor' group by 1, 2, 3
           except
           select school_id, agency_id, stage, students from derived.student_stage_counts
            where students <> 0)
        ) differences`,
  );
  if (differences.length > 0)
    throw new Error(`the stage counts are not the students': ${JSON.stringify(differences)}`);
}
