import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { APPLICATION_NOT_FOUND } from '../../../shared/applications.js';
import {
  DOCUMENT_REQUEST_MESSAGES,
  ZDocumentRequestListResponseSchema,
} from '../../../shared/document-requests.js';
import {
  DOCUMENT_REQUEST_LIMITS,
  type TNewDocumentRequest,
  ZCreatedDocumentRequestSchema,
  ZReviewQueueResponseSchema,
  ZSchoolChecklistSchema,
  ZStaffDocumentRequestListResponseSchema,
  ZStaffDocumentRequestSchema,
} from '../../../shared/staff-document-requests.js';
import { ZDocumentSchema } from '../../../shared/documents.js';
import { ZRoadmapResponseSchema } from '../../../shared/roadmap.js';
import type { TStaffRole } from '../../../shared/staff.js';
import {
  applications,
  auditEvents,
  documentRequests,
  documents,
  schools,
  students,
} from '../../db/schema.js';
import { DEMO_SCHOOL_CHECKLIST } from '../../db/seed-data/demo-people.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import { multipartBody } from '../../test/multipart-body.js';
import { runAdminCommand } from '../../test/run-admin-command.js';
import { type StaffSignedIn, signInAsStaff } from '../../test/staff-sign-in.js';
import { SMALL_PDF } from '../../test/student-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_APPLICATION_NOT_FOUND, STAFF_DOCUMENT_NOT_FOUND } from './in-scope.js';
import { DUE_DATE_PAST } from './staff-changes.js';
import { SCHOOL_NOT_FOUND } from './school-checklist.js';

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe.each(testDatabaseKinds())('required documents on $name', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const staffOf: Partial<Record<TStaffRole, StaffSignedIn>> = {};
  /** Priya's application to Lakeshore (the officer's school) and Kwame's to Pacific Crest. */
  let priyasApplication: number;
  let kwamesApplication: number;

  const studentHeaders = async (firstName: string) => ({
    authorization: `Bearer ${await t.app.sessionTokens.issue(ids[firstName] ?? '', 'student')}`,
  });
  const asStaff = (role: TStaffRole) => {
    const signedIn = staffOf[role];
    if (!signedIn) throw new Error(`no ${role} signed in`);
    return signedIn.headers;
  };

  const createRequest = (role: TStaffRole, applicationId: number, body: TNewDocumentRequest) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffApplicationDocumentRequests, { id: applicationId }),
      headers: asStaff(role),
      payload: body,
    });
  const requestId = async (role: TStaffRole, applicationId: number, body: TNewDocumentRequest) => {
    const res = await createRequest(role, applicationId, body);
    expect(res.statusCode, res.body).toBe(201);
    return ZCreatedDocumentRequestSchema.parse(res.json()).id;
  };
  const upload = async (firstName: string, fields: Record<string, string>) => {
    const { payload, contentType } = await multipartBody(fields, {
      bytes: SMALL_PDF,
      name: 'bank-statement.pdf',
    });
    return t.app.inject({
      method: 'POST',
      url: API_PATHS.documents,
      payload,
      headers: { ...(await studentHeaders(firstName)), 'content-type': contentType },
    });
  };
  const uploadedId = async (firstName: string, documentRequestId: number) => {
    const res = await upload(firstName, { documentRequestId: String(documentRequestId) });
    expect(res.statusCode, res.body).toBe(201);
    return ZDocumentSchema.parse(res.json()).id;
  };
  const review = (role: TStaffRole, documentId: number, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffDocumentReview, { id: documentId }),
      headers: asStaff(role),
      payload: body,
    });
  const studentRequests = async (firstName: string, applicationId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: apiPath(API_PATHS.applicationDocumentRequests, { id: applicationId }),
      headers: await studentHeaders(firstName),
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZDocumentRequestListResponseSchema.parse(res.json());
  };
  const studentRequest = async (firstName: string, applicationId: number, id: number) => {
    const found = (await studentRequests(firstName, applicationId)).find((r) => r.id === id);
    if (!found) throw new Error(`request ${id} is not listed`);
    return found;
  };
  const documentCount = async () => {
    const [row] = await t.app.db.select({ n: count() }).from(documents);
    return row?.n ?? 0;
  };
  const lastAudit = async () => {
    const [row] = await t.app.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const row of await t.app.db
      .select({ id: students.id, firstName: students.firstName })
      .from(students)) {
      ids[row.firstName] = row.id;
    }
    const applicationOf = async (firstName: string, university: string) => {
      const [row] = await t.app.db
        .insert(applications)
        .values({
          studentId: ids[firstName] ?? '',
          university,
          program: 'M.S. Finance',
          status: 'documents_required',
          submittedAt: new Date(),
        })
        .returning({ id: applications.id });
      if (!row) throw new Error('the application was not added');
      return row.id;
    };
    // Kwame, of the other agency and school, verified so that he can upload too.
    await t.app.db
      .update(students)
      .set({ faceVerified: true, verificationResult: 'approved' })
      .where(eq(students.id, ids.Kwame ?? ''));
    await refreshStudentStages(t.app.db, studentsWithIds([ids.Kwame ?? '']));
    priyasApplication = await applicationOf('Priya', 'Lakeshore State University');
    kwamesApplication = await applicationOf('Kwame', 'Pacific Crest College');
    for (const role of ['admin', 'agent', 'school'] as const) {
      staffOf[role] = await signInAsStaff(t.app, role);
    }
  });
  afterAll(() => t.close());

  it('goes round the loop: requested, uploaded, sent back with a reason, uploaded again, accepted', async () => {
    const id = await requestId('school', priyasApplication, {
      title: 'Bank statement',
      note: 'The last three months.',
      dueDate: dayFromToday(5),
    });
    expect(await lastAudit()).toMatchObject({
      action: 'document-request.create',
      details: { documentRequestId: id, title: 'Bank statement', dueDate: dayFromToday(5) },
    });
    expect(await studentRequest('Priya', priyasApplication, id)).toMatchObject({
      title: 'Bank statement',
      note: 'The last three months.',
      dueDate: dayFromToday(5),
      state: 'requested',
      reason: null,
      documents: [],
    });

    const first = await uploadedId('Priya', id);
    expect(await studentRequest('Priya', priyasApplication, id)).toMatchObject({
      state: 'under_review',
      documents: [{ id: first, review: 'pending', documentRequestId: id }],
    });
    const again = await upload('Priya', { documentRequestId: String(id) });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: DOCUMENT_REQUEST_MESSAGES.uploadUnderReview },
    ]);

    const noReason = await review('school', first, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await review('school', first, { decision: 'reject', reason: 'Unreadable' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(ZStaffDocumentRequestSchema.parse(rejected.json())).toMatchObject({
      state: 'rejected',
      reason: 'Unreadable',
      documents: [
        {
          id: first,
          review: 'rejected',
          reason: 'Unreadable',
          reviewedBy: staffOf.school?.staff.name,
        },
      ],
    });
    expect(await lastAudit()).toMatchObject({
      action: 'document.review',
      details: { documentId: first, decision: 'reject', reason: 'Unreadable' },
    });
    expect(await studentRequest('Priya', priyasApplication, id)).toMatchObject({
      state: 'rejected',
      reason: 'Unreadable',
    });

    const second = await uploadedId('Priya', id);
    const resent = await studentRequest('Priya', priyasApplication, id);
    expect(resent).toMatchObject({ state: 'under_review', reason: null });
    expect(resent.documents.map((d) => [d.id, d.review, d.reason])).toEqual([
      [second, 'pending', null],
      [first, 'rejected', 'Unreadable'],
    ]);

    const accepted = await review('school', second, { decision: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await studentRequest('Priya', priyasApplication, id)).toMatchObject({
      state: 'accepted',
      reason: null,
    });

    const intoAccepted = await upload('Priya', { documentRequestId: String(id) });
    expect([intoAccepted.statusCode, intoAccepted.json()]).toEqual([
      409,
      { message: DOCUMENT_REQUEST_MESSAGES.uploadAccepted },
    ]);
    const deleteAccepted = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API_PATHS.document, { id: second }),
      headers: await studentHeaders('Priya'),
    });
    expect([deleteAccepted.statusCode, deleteAccepted.json()]).toEqual([
      409,
      { message: DOCUMENT_REQUEST_MESSAGES.deleteAccepted },
    ]);
    expect(await studentRequest('Priya', priyasApplication, id)).toMatchObject({
      state: 'accepted',
      documents: [{ id: second }, { id: first }],
    });
  });

  it('puts a request back as it was when the student deletes the file waiting for review', async () => {
    const id = await requestId('agent', priyasApplication, { title: 'Sponsor letter' });
    const first = await uploadedId('Priya', id);
    await review('agent', first, { decision: 'reject', reason: 'Expired' });
    const second = await uploadedId('Priya', id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API_PATHS.document, { id: second }),
      headers: await studentHeaders('Priya'),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await studentRequest('Priya', priyasApplication, id)).toMatchObject({
      state: 'rejected',
      reason: 'Expired',
    });
    const last = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API_PATHS.document, { id: first }),
      headers: await studentHeaders('Priya'),
    });
    expect(last.statusCode).toBe(204);
    expect(await studentRequest('Priya', priyasApplication, id)).toMatchObject({
      state: 'requested',
      reason: null,
      documents: [],
    });
  });

  it("refuses a student's upload into another student's request, storing nothing", async () => {
    const id = await requestId('admin', priyasApplication, { title: 'CV' });
    const before = await documentCount();
    const intruder = await upload('Kwame', { documentRequestId: String(id) });
    expect([intruder.statusCode, intruder.json()]).toEqual([
      404,
      { message: DOCUMENT_REQUEST_MESSAGES.notFound },
    ]);
    const mismatched = await upload('Kwame', {
      applicationId: String(kwamesApplication),
      documentRequestId: String(id),
    });
    expect(mismatched.statusCode).toBe(404);
    const otherApplication = await t.app.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.studentId, ids.Priya ?? '')))
      .then((rows) => rows.find((row) => row.id !== priyasApplication));
    const wrongApplication = await upload('Priya', {
      applicationId: String(otherApplication?.id),
      documentRequestId: String(id),
    });
    expect([wrongApplication.statusCode, wrongApplication.json()]).toEqual([
      400,
      { message: DOCUMENT_REQUEST_MESSAGES.wrongApplication },
    ]);
    expect(await documentCount()).toBe(before);
    expect((await studentRequest('Priya', priyasApplication, id)).state).toBe('requested');

    const othersList = await t.app.inject({
      method: 'GET',
      url: apiPath(API_PATHS.applicationDocumentRequests, { id: priyasApplication }),
      headers: await studentHeaders('Kwame'),
    });
    expect([othersList.statusCode, othersList.json()]).toEqual([
      404,
      { message: APPLICATION_NOT_FOUND },
    ]);
    const kwamesAll = await t.app.inject({
      method: 'GET',
      url: API_PATHS.documentRequests,
      headers: await studentHeaders('Kwame'),
    });
    expect(
      ZDocumentRequestListResponseSchema.parse(kwamesAll.json()).some((r) => r.id === id),
    ).toBe(false);
  });

  it('lets one of two reviews of the same file at once win; the other gets 409', async () => {
    const id = await requestId('admin', priyasApplication, { title: 'Transcripts' });
    const documentId = await uploadedId('Priya', id);
    const answers = await Promise.all([
      review('admin', documentId, { decision: 'accept' }),
      review('school', documentId, { decision: 'reject', reason: 'Wrong document' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200);
    const state = (await studentRequest('Priya', priyasApplication, id)).state;
    expect(state).toBe(ZStaffDocumentRequestSchema.parse(winner?.json()).state);
    const reviews = await t.app.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'document.review'));
    expect(reviews[0]?.n).toBeGreaterThan(0);
    const again = await review('admin', documentId, { decision: 'accept' });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: DOCUMENT_REQUEST_MESSAGES.alreadyReviewed },
    ]);
  });

  it('reviews only files of requests, and removes only requests with nothing uploaded', async () => {
    const free = await upload('Priya', {});
    const freeId = ZDocumentSchema.parse(free.json()).id;
    const notRequested = await review('admin', freeId, { decision: 'accept' });
    expect([notRequested.statusCode, notRequested.json()]).toEqual([
      409,
      { message: DOCUMENT_REQUEST_MESSAGES.notRequested },
    ]);

    const used = await requestId('admin', priyasApplication, { title: 'Passport-size photo' });
    await uploadedId('Priya', used);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: apiPath(STAFF_API_PATHS.staffDocumentRequest, { id: used }),
      headers: asStaff('admin'),
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: DOCUMENT_REQUEST_MESSAGES.hasUploads },
    ]);
    const unused = await requestId('admin', priyasApplication, { title: 'Statement of purpose' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: apiPath(STAFF_API_PATHS.staffDocumentRequest, { id: unused }),
      headers: asStaff('admin'),
    });
    expect(removed.statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({
      action: 'document-request.delete',
      details: { documentRequestId: unused, title: 'Statement of purpose' },
    });
    const [gone] = await t.app.db
      .select({ n: count() })
      .from(documentRequests)
      .where(eq(documentRequests.id, unused));
    expect(gone?.n).toBe(0);
  });

  it('refuses a due date in the past, and more requests than an application may have', async () => {
    const past = await createRequest('admin', priyasApplication, {
      title: 'CV',
      dueDate: dayFromToday(-1),
    });
    expect([past.statusCode, past.json()]).toEqual([400, { message: DUE_DATE_PAST }]);

    const full = Array.from({ length: DOCUMENT_REQUEST_LIMITS.perApplication }, (_, i) => ({
      applicationId: kwamesApplication,
      studentId: ids.Kwame ?? '',
      title: `Page ${i + 1}`,
    }));
    await t.app.db.insert(documentRequests).values(full);
    const oneMore = await createRequest('admin', kwamesApplication, { title: 'CV' });
    expect(oneMore.statusCode).toBe(409);
    await t.app.db
      .delete(documentRequests)
      .where(eq(documentRequests.applicationId, kwamesApplication));
  });

  it("keeps each role to its scope: another agency's or school's student is not there", async () => {
    const kwamesRequest = await requestId('admin', kwamesApplication, { title: 'CV' });
    const kwamesFile = await uploadedId('Kwame', kwamesRequest);
    for (const role of ['agent', 'school'] as const) {
      const create = await createRequest(role, kwamesApplication, { title: 'CV' });
      expect([create.statusCode, create.json()]).toEqual([
        404,
        { message: STAFF_APPLICATION_NOT_FOUND },
      ]);
      const list = await t.app.inject({
        method: 'GET',
        url: apiPath(STAFF_API_PATHS.staffApplicationDocumentRequests, { id: kwamesApplication }),
        headers: asStaff(role),
      });
      expect(list.statusCode).toBe(404);
      const reviewed = await review(role, kwamesFile, { decision: 'accept' });
      expect([reviewed.statusCode, reviewed.json()]).toEqual([
        404,
        { message: STAFF_DOCUMENT_NOT_FOUND },
      ]);
      const queue = ZReviewQueueResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: STAFF_API_PATHS.staffReviews,
            headers: asStaff(role),
          })
        ).json(),
      );
      expect(queue.items.some((item) => item.documentId === kwamesFile)).toBe(false);
    }
    const adminQueue = ZReviewQueueResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: STAFF_API_PATHS.staffReviews,
          headers: asStaff('admin'),
        })
      ).json(),
    );
    expect(adminQueue.items.find((item) => item.documentId === kwamesFile)).toMatchObject({
      documentRequestId: kwamesRequest,
      studentName: 'Kwame Mensah',
      university: 'Pacific Crest College',
      title: 'CV',
    });
    expect(adminQueue.total).toBeGreaterThanOrEqual(adminQueue.items.length);
    const uploadedAt = adminQueue.items.map((item) => item.uploadedAt);
    expect(uploadedAt).toEqual([...uploadedAt].sort());
    const staffList = ZStaffDocumentRequestListResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: apiPath(STAFF_API_PATHS.staffApplicationDocumentRequests, { id: kwamesApplication }),
          headers: asStaff('admin'),
        })
      ).json(),
    );
    expect(staffList).toMatchObject([
      { id: kwamesRequest, requestedBy: staffOf.admin?.staff.name },
    ]);
  });

  it("completes the roadmap's proof of funds once the bank statement is accepted", async () => {
    const roadmap = async () =>
      ZRoadmapResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: API_PATHS.roadmap,
            headers: await studentHeaders('Priya'),
          })
        ).json(),
      ).steps.find((step) => step.id === 'proof-of-funds');
    // The first test accepted Priya's bank statement; the seed's own is still requested.
    expect((await roadmap())?.status).toBe('completed');
  });

  it("keeps each school's checklist, and asks for it on each new application to the school", async () => {
    const [lakeshore] = await t.app.db
      .select({ id: schools.id })
      .from(schools)
      .where(eq(schools.name, 'Lakeshore State University'));
    const [pacific] = await t.app.db
      .select({ id: schools.id })
      .from(schools)
      .where(eq(schools.name, 'Pacific Crest College'));
    const url = (id: number | undefined) =>
      apiPath(STAFF_API_PATHS.staffSchoolChecklist, { id: id ?? 0 });
    const officersOther = await t.app.inject({
      method: 'GET',
      url: url(pacific?.id),
      headers: asStaff('school'),
    });
    expect([officersOther.statusCode, officersOther.json()]).toEqual([
      404,
      { message: SCHOOL_NOT_FOUND },
    ]);
    const items = [
      { title: 'Transcripts', note: 'Every year.', dueInDays: 10 },
      { title: 'CV', note: null, dueInDays: null },
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: url(lakeshore?.id),
      headers: asStaff('school'),
      payload: { items },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'school-checklist.update',
      details: { after: ['Transcripts', 'CV'] },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: url(lakeshore?.id),
      headers: asStaff('school'),
    });
    expect(ZSchoolChecklistSchema.parse(read.json())).toEqual({ items });

    const dir = mkdtempSync(join(tmpdir(), 'checklist-import-'));
    try {
      const studentsFile = join(dir, 'students.csv');
      writeFileSync(
        studentsFile,
        [
          'first_name,last_name,email,passport_number,date_of_birth,nationality,school',
          'Nia,Checklist,nia.checklist@example.com,N1234567,2001-04-05,Kenya,Lakeshore State University',
        ].join('\n'),
      );
      const applicationsFile = join(dir, 'applications.csv');
      writeFileSync(
        applicationsFile,
        [
          'student_email,university,program,status,submitted_at',
          'nia.checklist@example.com,lakeshore state university,MBA,documents_required,2026-03-01',
          'nia.checklist@example.com,Pacific Crest College,MBA,under_review,2026-03-01',
        ].join('\n'),
      );
      const run = await runAdminCommand(t.app, [
        'import-students',
        studentsFile,
        '--applications',
        applicationsFile,
      ]);
      expect(run.code, run.err).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const requested = await t.app.db
      .select({
        university: applications.university,
        title: documentRequests.title,
        dueDate: documentRequests.dueDate,
        state: documentRequests.state,
      })
      .from(documentRequests)
      .innerJoin(applications, eq(applications.id, documentRequests.applicationId))
      .innerJoin(students, eq(students.id, documentRequests.studentId))
      .where(eq(students.email, 'nia.checklist@example.com'))
      .orderBy(documentRequests.id);
    expect(requested.filter((r) => r.university !== 'Pacific Crest College')).toEqual([
      {
        university: 'lakeshore state university',
        title: 'Transcripts',
        dueDate: dayFromToday(10),
        state: 'requested',
      },
      { university: 'lakeshore state university', title: 'CV', dueDate: null, state: 'requested' },
    ]);
    // The seed's checklist of the other school, on the application to it.
    expect(
      requested.filter((r) => r.university === 'Pacific Crest College').map((r) => r.title),
    ).toEqual(DEMO_SCHOOL_CHECKLIST.map((item) => item.title));
  });
});
