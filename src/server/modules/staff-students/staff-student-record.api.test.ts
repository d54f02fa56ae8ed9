import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import {
  type TSealedStudentField,
  ZStaffRevealResponseSchema,
  ZStaffStudentRecordSchema,
  ZStaffTimelineResponseSchema,
} from '../../../shared/staff-students.js';
import { auditEvents, profiles, students } from '../../db/schema.js';
import { sealEmergencyContact } from '../../lib/emergency-contact.js';
import { changeStudents, seededStudentId } from '../../test/seeded-students.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import {
  SMALL_PDF,
  SMALL_WEBM,
  storeInterviewAnswer,
  storeStudentDocument,
} from '../../test/student-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { RANGE_NOT_SATISFIABLE } from '../../lib/stored-file-reply.js';
import { FILE_NOT_FOUND } from './routes.js';

describe.each(testDatabaseKinds())("a student's record in the console ($name)", (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;
  let priya: string;
  let kwame: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
    priya = await seededStudentId(t.app, 'Priya');
    kwame = await seededStudentId(t.app, 'Kwame');
  });
  afterAll(() => t.close());

  const get = (url: string, role: TStaffRole = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: as[role].headers });
  const record = async (id: string, role: TStaffRole = 'admin') => {
    const res = await get(apiPath(STAFF_API_PATHS.staffStudent, { id }), role);
    expect(res.statusCode, res.body).toBe(200);
    return ZStaffStudentRecordSchema.parse(res.json());
  };
  const reveal = (id: string, field: TSealedStudentField, role: TStaffRole = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffStudentReveal, { id }),
      headers: as[role].headers,
      payload: { field },
    });
  const timeline = async (id: string) => {
    const res = await get(apiPath(STAFF_API_PATHS.staffStudentTimeline, { id }));
    expect(res.statusCode).toBe(200);
    return ZStaffTimelineResponseSchema.parse(res.json()).items;
  };

  it('answers the overview, applications, messages and profile, the sealed fields only as present', async () => {
    const { overview, applications, messages, documents, moiRecordings, profile } = await record(
      priya,
      'agent',
    );
    expect(overview).toMatchObject({
      firstName: 'Priya',
      lastName: 'Sharma',
      stage: 'admitted',
      waiting: ['1 unread message', 'I-20 not issued'],
      schoolName: 'Lakeshore State University',
      schoolRequiresMoi: true,
      agencyName: 'Bright Horizons Education Consultants',
      agentName: 'Rahul Mehta',
      admissionStatus: 'Admitted',
      i20Issued: false,
      moiStatus: 'Incomplete',
      identity: { result: 'approved', title: null },
      passkeyEnrolled: false,
      invite: { state: 'open' },
      accessRevoked: false,
    });
    expect(applications).toHaveLength(3);
    expect(messages.map((m) => m.subject)).toEqual([
      'Bank statement needed for your I-20',
      'Congratulations on your admission',
      'Question about transcript format',
    ]);
    expect(messages[2]).toMatchObject({ direction: 'outbound', officeReadAt: null });
    expect([documents, moiRecordings]).toEqual([[], []]);
    expect(profile?.fields).toMatchObject({ firstName: 'Priya', nationality: 'India' });
    expect(profile?.sealed).toEqual({
      passportNumber: true,
      dateOfBirth: true,
      medicalConditions: false,
      emergencyContact: false,
    });
    expect(JSON.stringify(profile)).not.toContain('Z7654321');
    expect(JSON.stringify(profile)).not.toContain('2001-06-02');
  });

  it("shows a declined identity check with the spec's title for its code", async () => {
    await changeStudents(t.app, eq(students.id, kwame), {
      verificationResult: 'declined_document_expired',
    });
    try {
      const { overview } = await record(kwame);
      expect(overview.stage).toBe('identity_declined');
      expect(overview.identity).toMatchObject({
        result: 'declined_document_expired',
        title: 'Document Expired',
      });
      expect(overview.waiting).toEqual(['Identity check declined']);
    } finally {
      await changeStudents(t.app, eq(students.id, kwame), { verificationResult: 'pending' });
    }
  });

  it('reveals a sealed field to staff in scope, writing who, about whom and which, never the value', async () => {
    const revealed = async (field: TSealedStudentField, role: TStaffRole) => {
      const res = await reveal(priya, field, role);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return ZStaffRevealResponseSchema.parse(res.json()).value;
    };
    expect(await revealed('passportNumber', 'agent')).toBe('Z7654321');
    expect(await revealed('dateOfBirth', 'school')).toBe('2001-06-02');
    expect(await revealed('medicalConditions', 'admin')).toBeNull();

    const rows = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studentId, priya), eq(auditEvents.action, 'profile.reveal')))
      .orderBy(desc(auditEvents.id));
    expect(rows.map((r) => [r.staffId, r.details])).toEqual([
      [as.admin.staff.id, { field: 'medicalConditions' }],
      [as.school.staff.id, { field: 'dateOfBirth' }],
      [as.agent.staff.id, { field: 'passportNumber' }],
    ]);
    expect(rows.every((r) => r.actor === 'staff' && r.address !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/Z7654321|2001-06-02/);
  });

  it('reveals the emergency contact in one line, and refuses a field that is not sealed', async () => {
    await t.app.db
      .update(profiles)
      .set({
        emergencyContactEncrypted: sealEmergencyContact(t.app.dataKeys, {
          name: 'Anil Sharma',
          relation: 'Father',
          phone: '+91 98 7654 3210',
        }),
      })
      .where(eq(profiles.studentId, priya));
    const res = await reveal(priya, 'emergencyContact');
    expect(res.json()).toEqual({
      field: 'emergencyContact',
      value: 'Anil Sharma, Father, +91 98 7654 3210',
    });
    const refused = await reveal(priya, 'email' as TSealedStudentField);
    expect(refused.statusCode).toBe(400);
  });

  it('merges what the student did with what staff did, newest first', async () => {
    const titles = async () => (await timeline(priya)).map((item) => item.title);
    // The profile the seed wrote with her is not a save of hers.
    expect(await titles()).not.toContain('Saved the profile');
    await t.app.db
      .update(profiles)
      .set({ city: 'Pune', updatedAt: new Date() })
      .where(eq(profiles.studentId, priya));
    expect(await titles()).toContain('Saved the profile');
    await storeStudentDocument(t.app, priya, 'offer-letter.pdf');
    await reveal(priya, 'passportNumber');
    const items = await timeline(priya);
    expect(items[0]).toMatchObject({
      by: 'staff',
      staffName: 'Grace Liu',
      title: 'Revealed the passport number',
    });
    expect(items).toContainEqual(
      expect.objectContaining({ by: 'student', title: 'Uploaded offer-letter.pdf' }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        by: 'student',
        title: 'Sent a message: Question about transcript format',
      }),
    );
    const times = items.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("sends the student's document and interview answer to staff in scope, and nothing else", async () => {
    const documentId = await storeStudentDocument(t.app, priya);
    const videoId = await storeInterviewAnswer(t.app, priya);
    const { documents, moiRecordings } = await record(priya, 'school');
    expect(documents.map((d) => d.id)).toContain(documentId);
    expect(moiRecordings[0]).toMatchObject({ status: 'submitted', reviewResult: null });
    expect(moiRecordings[0]?.videos.map((v) => v.id)).toEqual([videoId]);

    const file = await get(
      apiPath(STAFF_API_PATHS.staffStudentDocumentFile, { id: priya, documentId }),
      'school',
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(file.rawPayload.equals(SMALL_PDF)).toBe(true);
    const video = await get(apiPath(STAFF_API_PATHS.staffStudentMoiVideo, { id: priya, videoId }));
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.rawPayload.equals(SMALL_WEBM)).toBe(true);
    expect(video.headers['accept-ranges']).toBe('bytes');

    // A player seeking asks for a range: only those bytes come, said as such.
    const videoUrl = apiPath(STAFF_API_PATHS.staffStudentMoiVideo, { id: priya, videoId });
    const ranged = (range: string) =>
      t.app.inject({ method: 'GET', url: videoUrl, headers: { ...as.admin.headers, range } });
    const middle = await ranged('bytes=2-5');
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 2-5/${SMALL_WEBM.length}`);
    expect(middle.headers['content-length']).toBe('4');
    expect(middle.rawPayload.equals(SMALL_WEBM.subarray(2, 6))).toBe(true);
    const rest = await ranged('bytes=4-');
    expect(rest.rawPayload.equals(SMALL_WEBM.subarray(4))).toBe(true);
    const past = await ranged(`bytes=${SMALL_WEBM.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${SMALL_WEBM.length}`);
    expect(past.json()).toEqual({ message: RANGE_NOT_SATISFIABLE });
    // Another student's recording is no range of anything.
    const crossedRange = await t.app.inject({
      method: 'GET',
      url: apiPath(STAFF_API_PATHS.staffStudentMoiVideo, { id: kwame, videoId }),
      headers: { ...as.admin.headers, range: 'bytes=0-1' },
    });
    expect(crossedRange.statusCode).toBe(404);

    // Priya's file asked for under another student's id is no file of theirs.
    const crossed = await get(
      apiPath(STAFF_API_PATHS.staffStudentDocumentFile, { id: kwame, documentId }),
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ message: FILE_NOT_FOUND });
    const crossedVideo = await get(
      apiPath(STAFF_API_PATHS.staffStudentMoiVideo, { id: kwame, videoId }),
    );
    expect(crossedVideo.statusCode).toBe(404);
    // The English interview now waits on the school.
    expect((await record(priya)).overview.waiting).toContain('English interview to review');
  });
});
