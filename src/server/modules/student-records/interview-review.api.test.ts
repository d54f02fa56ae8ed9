import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZMoiReviewResponseSchema } from '../../../shared/moi.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { recordVersionTag, seededStudentId } from '../../test/seeded-students.js';
import { bearer } from '../../test/sign-in.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { storeInterviewAnswer } from '../../test/student-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';

describe.each(testDatabaseKinds())('the interview review in the console ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;
  /** At the school that requires the interview, with a submitted one. */
  let priya: string;
  /** The demo school's student with no submitted interview. */
  let tunde: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
    priya = await seededStudentId(t.app, 'Priya');
    tunde = await seededStudentId(t.app, 'Tunde');
    await storeInterviewAnswer(t.app, priya);
  });
  afterAll(() => t.close());

  const review = async (id: string, payload: Record<string, unknown>, role: TStaffRole) =>
    t.app.inject({
      method: 'PUT',
      url: apiPath(STAFF_API_PATHS.staffStudentInterviewReview, { id }),
      headers: { ...as[role].headers, 'if-match': await recordVersionTag(t.app, id) },
      payload,
    });
  const studentReads = async (id: string) => {
    const token = await t.app.sessionTokens.issue(id, 'student');
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.moiReview,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return ZMoiReviewResponseSchema.parse(res.json());
  };
  const moiStatusOf = async (id: string) => {
    const [row] = await t.app.db
      .select({ moiStatus: students.moiStatus })
      .from(students)
      .where(eq(students.id, id));
    return row?.moiStatus;
  };

  it('asks for a retake with a reason the student reads, and lets them record again', async () => {
    const reason = 'The sound of your second answer is missing. Please record it again.';
    const mark = await auditLogMark(t.app);
    const res = await review(priya, { decision: 'retake', reason: `  ${reason} ` }, 'school');
    expect(res.statusCode, res.body).toBe(200);
    expect(await studentReads(priya)).toEqual({ retakeReason: reason });
    expect(await moiStatusOf(priya)).toBe('Incomplete');
    const [row] = await mark();
    expect(row).toMatchObject({
      staffId: as.school.staff.id,
      action: 'student.update',
      details: {
        moiReview: { to: 'failed', reason },
        changes: { moiStatus: { to: 'Incomplete' } },
      },
    });
  });

  it("accepts the interview: the student's MOI status is Submitted and no retake is asked", async () => {
    const res = await review(priya, { decision: 'accept' }, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(await moiStatusOf(priya)).toBe('Submitted');
    expect(await studentReads(priya)).toEqual({ retakeReason: null });
  });

  it('refuses an agent, a retake without a reason and a student with nothing to review, changing nothing', async () => {
    const before = await dataSnapshot(t.app);
    const agent = await review(priya, { decision: 'accept' }, 'agent');
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual({ message: STAFF_ROLE_REFUSED });
    for (const payload of [{ decision: 'retake' }, { decision: 'retake', reason: '   ' }]) {
      const res = await review(priya, payload, 'school');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'reason: say why the student should record the interview again',
      });
    }
    const tooLong = await review(priya, { decision: 'retake', reason: 'x'.repeat(501) }, 'school');
    expect(tooLong.json()).toEqual({ message: 'reason: must be at most 500 characters' });
    const nothing = await review(tunde, { decision: 'accept' }, 'school');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({
      message: 'This student has no submitted MOI interview to review.',
    });
    expect(await dataSnapshot(t.app)).toEqual(before);
  });
});
