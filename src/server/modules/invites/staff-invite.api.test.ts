import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { ZStaffNewInviteSchema } from '../../../shared/staff-student-changes.js';
import { invites } from '../../db/schema.js';
import { lookupHash, normaliseInviteCode } from '../../lib/crypto.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { bearer } from '../../test/sign-in.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import { STUDENT_NOT_FOUND } from '../staff-auth/students-in-scope.js';

describe.each(testDatabaseKinds())('a new invite from the console ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;
  let priya: string;
  let tunde: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
    priya = await seededStudentId(t.app, 'Priya');
    tunde = await seededStudentId(t.app, 'Tunde');
  });
  afterAll(() => t.close());

  const reissue = (id: string, role: TStaffRole) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffStudentInvite, { id }),
      headers: as[role].headers,
    });
  const openInvites = (id: string) =>
    t.app.db
      .select({ codeHash: invites.codeHash })
      .from(invites)
      .where(and(eq(invites.studentId, id), isNull(invites.revokedAt), isNull(invites.usedAt)));

  it("gives an agent's student a new code, shown once, which alone opens an onboarding now; the student's sessions end", async () => {
    const token = await t.app.sessionTokens.issue(priya, 'student');
    const mark = await auditLogMark(t.app);
    const res = await reissue(priya, 'agent');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const invite = ZStaffNewInviteSchema.parse(res.json());
    expect(invite.code).toMatch(/^([2-9A-HJ-NP-Z]{4}-){6}[2-9A-HJ-NP-Z]{4}$/);
    expect(new Date(invite.expiresAt).getTime()).toBeGreaterThan(Date.now());

    // Only the new code is open, and it is kept as its keyed hash only.
    expect(await openInvites(priya)).toEqual([
      { codeHash: lookupHash(t.app.dataKeys, normaliseInviteCode(invite.code)) },
    ]);
    const before = await t.app.inject({
      method: 'GET',
      url: API_PATHS.userProfile,
      headers: bearer(token),
    });
    expect(before.statusCode).toBe(401);
    const [row] = await mark();
    expect(row).toMatchObject({
      actor: 'staff',
      staffId: as.agent.staff.id,
      action: 'access.revoke',
      studentId: priya,
      details: { inviteExpiresAt: invite.expiresAt },
    });
    expect(JSON.stringify(row)).not.toContain(invite.code);
  });

  it('refuses a school officer (403) and a student of another agency (404), changing nothing', async () => {
    const before = await dataSnapshot(t.app);
    const officer = await reissue(priya, 'school');
    expect(officer.statusCode).toBe(403);
    expect(officer.json()).toEqual({ message: STAFF_ROLE_REFUSED });
    const outside = await reissue(tunde, 'agent');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: STUDENT_NOT_FOUND });
    expect(await dataSnapshot(t.app)).toEqual(before);
  });
});
