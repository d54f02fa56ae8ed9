import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApplicantDataResponseSchema } from '../../../shared/applicant-data.js';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ISSUED_DOCUMENTS,
  OWN_ACCEPTANCE_LETTER_LINK,
  OWN_I20_LINK,
} from '../../../shared/issued-documents.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { issuedDocuments, students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { type FilePart, multipartBody } from '../../test/multipart-body.js';
import { recordVersionTag, seededStudentId } from '../../test/seeded-students.js';
import { bearer } from '../../test/sign-in.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import { STUDENT_NOT_FOUND } from '../staff-auth/students-in-scope.js';

const I20_MESSAGES = ISSUED_DOCUMENTS.i20.messages;
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\ntrailer <<>>\n%%EOF\n`);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe.each(testDatabaseKinds())('the I-20 as a file ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;
  let priya: string;
  let lucas: string;
  let kwame: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
    priya = await seededStudentId(t.app, 'Priya');
    lucas = await seededStudentId(t.app, 'Lucas');
    kwame = await seededStudentId(t.app, 'Kwame');
  });
  afterAll(() => t.close());

  const upload = async (
    id: string,
    fields: Record<string, string>,
    file: FilePart | undefined,
    {
      role = 'school',
      ifMatch,
      path = STAFF_API_PATHS.staffStudentI20,
    }: { role?: TStaffRole; ifMatch?: string | null; path?: string } = {},
  ) => {
    const { payload, contentType } = await multipartBody(fields, file);
    const version = ifMatch === undefined ? await recordVersionTag(t.app, id) : ifMatch;
    return t.app.inject({
      method: 'POST',
      url: apiPath(path, { id }),
      payload,
      headers: {
        ...as[role].headers,
        'content-type': contentType,
        ...(version === null ? {} : { 'if-match': version }),
      },
    });
  };
  const asStudent = async (id: string, url: string, method: 'GET' | 'POST' = 'GET') => {
    const token = await t.app.sessionTokens.issue(id, 'student');
    return t.app.inject({ method, url, headers: bearer(token) });
  };
  const storedFiles = (folder: string) => {
    const storage = t.app.config.storage;
    if (storage.driver !== 'local') throw new Error('these tests look at the local disk');
    try {
      return readdirSync(join(storage.directory, folder));
    } catch {
      return [];
    }
  };

  it('issues the I-20 from its PDF; the student downloads exactly that file, and only their own', async () => {
    const file = pdf('Priya Sharma, Lakeshore State University');
    const mark = await auditLogMark(t.app);
    const res = await upload(priya, { issuedOn: '2026-07-01' }, { bytes: file, name: 'i20.pdf' });
    expect(res.statusCode, res.body).toBe(200);

    const data = await asStudent(priya, API_PATHS.applicantData, 'POST');
    expect(ZApplicantDataResponseSchema.parse(data.json()).application).toMatchObject({
      'I20 issued': 'Yes',
      'i20 document': OWN_I20_LINK,
    });
    const own = await asStudent(priya, API_PATHS.studentI20);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(file)).toBe(true);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(
      /^attachment; filename="I-20 2026-07-01\.pdf"/,
    );

    // Another student has no I-20 file: theirs is not Priya's.
    const other = await asStudent(lucas, API_PATHS.studentI20);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: I20_MESSAGES.notAvailable });
    // Without a session, nothing.
    const anonymous = await t.app.inject({ method: 'GET', url: API_PATHS.studentI20 });
    expect(anonymous.statusCode).toBe(401);

    const staffCopy = await t.app.inject({
      method: 'GET',
      url: apiPath(STAFF_API_PATHS.staffStudentI20, { id: priya }),
      headers: as.agent.headers,
    });
    expect(staffCopy.rawPayload.equals(file)).toBe(true);

    const [student] = await t.app.db.select().from(students).where(eq(students.id, priya));
    expect(student).toMatchObject({
      i20Issued: true,
      i20IssuedOn: '2026-07-01',
      stage: 'i20_issued',
    });
    const [row] = await mark();
    expect(row).toMatchObject({
      actor: 'staff',
      staffId: as.school.staff.id,
      action: 'student.update',
      studentId: priya,
      details: {
        issuedFile: { kind: 'i20', fileName: 'I-20 2026-07-01.pdf', size: file.length },
        changes: { i20Issued: { from: false, to: true } },
      },
    });
  });

  it('replaces an earlier file: the new one is served and the old one is removed', async () => {
    const [before] = await t.app.db
      .select({ key: issuedDocuments.storageKey })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.studentId, priya));
    const corrected = pdf('corrected');
    const res = await upload(
      priya,
      { issuedOn: '2026-07-03' },
      { bytes: corrected },
      { role: 'admin' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await asStudent(priya, API_PATHS.studentI20)).rawPayload.equals(corrected)).toBe(true);
    expect(before && (await t.app.fileStorage.read(before.key))).toBeNull();
    const rows = await t.app.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.studentId, priya));
    expect(rows).toHaveLength(1);
  });

  it('refuses what is not an I-20 upload with a message, storing nothing and changing nothing', async () => {
    const before = await dataSnapshot(t.app);
    const issuedBefore = storedFiles('issued');
    const cases: [Record<string, string>, FilePart | undefined, number, string][] = [
      [{ issuedOn: '2026-07-01' }, { bytes: PNG, name: 'i20.png' }, 415, I20_MESSAGES.wrongType],
      [{}, { bytes: pdf('no date') }, 400, I20_MESSAGES.noDate],
      [{ issuedOn: '2026-02-30' }, { bytes: pdf('bad date') }, 400, I20_MESSAGES.noDate],
      [{ issuedOn: '2026-07-01' }, undefined, 400, I20_MESSAGES.noFile],
      [
        { issuedOn: '2026-07-01' },
        { bytes: pdf('x'), field: 'pdf' },
        400,
        'Unexpected file field "pdf".',
      ],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(priya, fields, file);
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    const stale = await upload(
      priya,
      { issuedOn: '2026-07-01' },
      { bytes: pdf('stale') },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(409);
    const unversioned = await upload(
      priya,
      { issuedOn: '2026-07-01' },
      { bytes: pdf('x') },
      { ifMatch: null },
    );
    expect(unversioned.statusCode).toBe(428);
    expect(await dataSnapshot(t.app)).toEqual(before);
    expect(storedFiles('issued')).toEqual(issuedBefore);
    expect(storedFiles('tmp')).toEqual([]);
  });

  it('refuses an agent (403) and a student outside the officer’s school (404), storing nothing', async () => {
    const before = await dataSnapshot(t.app);
    const agent = await upload(
      priya,
      { issuedOn: '2026-07-01' },
      { bytes: pdf('agent') },
      { role: 'agent' },
    );
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual({ message: STAFF_ROLE_REFUSED });
    const outside = await upload(kwame, { issuedOn: '2026-07-01' }, { bytes: pdf('kwame') });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: STUDENT_NOT_FOUND });
    const outsideFile = await t.app.inject({
      method: 'GET',
      url: apiPath(STAFF_API_PATHS.staffStudentI20, { id: kwame }),
      headers: as.school.headers,
    });
    expect(outsideFile.statusCode).toBe(404);
    expect(await dataSnapshot(t.app)).toEqual(before);
    expect(storedFiles('tmp')).toEqual([]);
  });

  it("makes an uploaded acceptance letter the student's, to download as their own; not an agent's to upload", async () => {
    const path = STAFF_API_PATHS.staffStudentAcceptanceLetter;
    const file = pdf('Offer of admission, Priya Sharma');
    const before = await dataSnapshot(t.app);
    const agent = await upload(priya, {}, { bytes: file }, { role: 'agent', path });
    expect(agent.statusCode).toBe(403);
    const dated = await upload(priya, { issuedOn: '2026-07-01' }, { bytes: file }, { path });
    expect(dated.statusCode).toBe(400);
    expect(dated.json()).toEqual({
      message: ISSUED_DOCUMENTS['acceptance-letter'].messages.noDate,
    });
    expect(await dataSnapshot(t.app)).toEqual(before);

    const res = await upload(priya, {}, { bytes: file, name: 'offer.pdf' }, { path });
    expect(res.statusCode, res.body).toBe(200);
    const data = await asStudent(priya, API_PATHS.applicantData, 'POST');
    expect(ZApplicantDataResponseSchema.parse(data.json()).application.acceptance_letter).toBe(
      OWN_ACCEPTANCE_LETTER_LINK,
    );
    const own = await asStudent(priya, API_PATHS.studentAcceptanceLetter);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(file)).toBe(true);
    expect(own.headers['content-disposition']).toMatch(/filename="Acceptance letter\.pdf"/);
    const other = await asStudent(lucas, API_PATHS.studentAcceptanceLetter);
    expect(other.json()).toEqual({
      message: ISSUED_DOCUMENTS['acceptance-letter'].messages.notAvailable,
    });
    const record = await t.app.inject({
      url: apiPath(STAFF_API_PATHS.staffStudent, { id: priya }),
      headers: as.agent.headers,
    });
    expect(record.json<{ overview: { issuedFiles: string[] } }>().overview.issuedFiles).toEqual([
      'acceptance-letter',
      'i20',
    ]);
  });

  it('marks the SEVIS fee paid on the day its receipt names, for an agent too; the receipt stays with staff', async () => {
    const path = STAFF_API_PATHS.staffStudentSevisReceipt;
    const file = pdf('I-901 payment confirmation');
    const undated = await upload(lucas, {}, { bytes: file }, { role: 'agent', path });
    expect(undated.statusCode).toBe(400);
    expect(undated.json()).toEqual({ message: ISSUED_DOCUMENTS['sevis-receipt'].messages.noDate });

    const mark = await auditLogMark(t.app);
    const res = await upload(
      lucas,
      { paidOn: '2026-07-03' },
      { bytes: file },
      { role: 'agent', path },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [student] = await t.app.db.select().from(students).where(eq(students.id, lucas));
    expect(student).toMatchObject({ sevisPaid: true, sevisPaidOn: '2026-07-03' });
    const staffCopy = await t.app.inject({
      url: apiPath(path, { id: lucas }),
      headers: as.school.headers,
    });
    expect(staffCopy.rawPayload.equals(file)).toBe(true);
    const [row] = await mark();
    expect(row).toMatchObject({
      action: 'student.update',
      studentId: lucas,
      details: {
        issuedFile: {
          kind: 'sevis-receipt',
          fileName: 'SEVIS fee receipt 2026-07-03.pdf',
          size: file.length,
        },
      },
    });
    const [stored] = await t.app.db
      .select({ kind: issuedDocuments.kind })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.studentId, lucas));
    expect(stored).toEqual({ kind: 'sevis-receipt' });
  });
});
