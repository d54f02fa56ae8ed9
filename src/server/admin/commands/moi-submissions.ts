import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { moiSessions, moiVideos, students } from '../../db/schema.js';
import type { AdminCommand } from '../command.js';
import { findStudent } from '../find-student.js';
import { formatTable, formatTime } from '../format-table.js';
import { parseOptions } from '../parse-options.js';

const NAME = 'moi-submissions';

export const moiSubmissions: AdminCommand = {
  name: NAME,
  summary: 'list submitted English (MOI) video interviews',
  help: `Usage: npm run admin -- ${NAME} [--student <id or e-mail>] [--unreviewed]

Lists submitted interviews, newest first: when, who, the interview id, its recordings and
the review result (set it with update-student --moi-review). Export the recordings with
export-moi-videos.
  --student <id or e-mail>  only this student's
  --unreviewed              only those without a review result

Example: npm run admin -- ${NAME} --unreviewed`,
  prepare(argv) {
    const { values } = parseOptions(NAME, argv, {
      student: { type: 'string' },
      unreviewed: { type: 'boolean', default: false },
    });
    return async (ctx) => {
      const student =
        values.student === undefined ? null : await findStudent(ctx.db, values.student);
      const rows = await ctx.db
        .select({
          id: moiSessions.id,
          submittedAt: moiSessions.submittedAt,
          reviewResult: moiSessions.reviewResult,
          firstName: students.firstName,
          lastName: students.lastName,
          email: students.email,
          videos: count(moiVideos.id),
        })
        .from(moiSessions)
        .innerJoin(students, eq(students.id, moiSessions.studentId))
        .leftJoin(moiVideos, eq(moiVideos.sessionId, moiSessions.id))
        .where(
          and(
            eq(moiSessions.status, 'submitted'),
            student === null ? undefined : eq(moiSessions.studentId, student.id),
            values.unreviewed ? isNull(moiSessions.reviewResult) : undefined,
          ),
        )
        .groupBy(moiSessions.id, students.id)
        .orderBy(desc(moiSessions.submittedAt));
      if (rows.length === 0) {
        ctx.io.out('No submitted interviews match.');
        return;
      }
      ctx.io.out(
        formatTable(
          ['submitted', 'student', 'e-mail', 'interview', 'videos', 'review'],
          rows.map((r) => [
            formatTime(r.submittedAt),
            `${r.firstName} ${r.lastName}`,
            r.email ?? '-',
            r.id,
            String(r.videos),
            r.reviewResult ?? 'not reviewed',
          ]),
        ),
      );
    };
  },
};
