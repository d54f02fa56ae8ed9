import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffRole } from '../../shared/staff.js';
import {
  agencies,
  messages,
  notifications,
  savedReplies,
  schools,
  staff,
  staffSessions,
  students,
} from '../db/schema.js';
import { STAFF_FOREIGN_ORIGIN, STAFF_UNAUTHORIZED } from '../modules/staff-auth/staff-scope.js';
import { keepInMailbox } from '../modules/notifications/mailbox.js';
import { apiOperations, type ApiOperation } from '../test/api-operations.js';
import { dataSnapshot } from '../test/data-snapshot.js';
import { EXAMPLE_PUSH_SUBSCRIPTION } from '../test/fake-push-service.js';
import { bearer, signIn } from '../test/sign-in.js';
import { recordVersionTag } from '../test/seeded-students.js';
import { signInAsStaff } from '../test/staff-sign-in.js';
import { multipartBody } from '../test/multipart-body.js';
import { addStudent } from '../test/new-student.js';
import {
  addApplication,
  addDocumentRequest,
  pendingDocumentOf,
  removableRequestOf,
} from '../test/document-requests.js';
import {
  SMALL_PDF,
  storeInterviewAnswer,
  storeIssuedDocuments,
  storeStudentDocument,
} from '../test/student-files.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * The staff console's access-control matrix (OWASP ASVS 5.0 level 2, V8.2.1 function-level and
 * V8.2.2 data-level authorization, V7.2.1 sessions verified by the backend, V3.5.3 the Origin
 * check against cross-site requests): every route behind a staff session refuses callers without
 * a live one (none, tampered, expired, idle, of a disabled account, a student's bearer token),
 * state-changing ones refuse another origin, each role gets what the policy gives it, and a
 * student outside the caller's scope does not exist (404, nothing changed). (That a staff
 * session opens no student route is a cell of the students' matrix, access-control.api.test.ts.)
 * The route list is the OpenAPI document's, so a staff route added
 * without cells here fails.
 */

const ROLES: readonly TStaffRole[] = ['admin', 'agent', 'school'];
const SAFE = new Set(['GET', 'HEAD']);

/** Students and objects the cells' requests name. */
interface Subject {
  /** A student every demo role sees: Priya (the demo agency's, at the school requiring MOI). */
  studentId: string;
  /** A staff account the team routes act on: an agent nobody has enrolled yet. */
  staffAccountId: string;
  /** Priya's document and interview answer, stored for the matrix. */
  documentId: number;
  videoId: string;
  /** The record's version now, for a change's If-Match. */
  version: () => Promise<string>;
  /** The message Priya sent an office (the seed's), and a saved reply. */
  messageId: number;
  savedReplyId: number;
  /** A student of the test's own, for the one control that deletes a student. */
  deletable: { id: string; name: string };
  /** One of the student's applications, and the school whose checklist the officer keeps. */
  applicationId: number;
  schoolId: number;
  /** A file of the student's waiting for review, and a request with nothing uploaded: each
   *  control uses up one, so each asks for the next. */
  pendingDocumentId: () => Promise<number>;
  removableRequestId: () => Promise<number>;
  /** A message in the local mailbox, and a notification to Priya that was not delivered. */
  mailboxMessageId: string;
  failedNotificationId: string;
}

interface RouteRequest {
  url: string;
  payload?: Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
}

interface StaffMatrixEntry {
  request: (subject: Subject) => RouteRequest | Promise<RouteRequest>;
  /** What each role's own request answers: the handler ran (403: the role may not). */
  roles: Record<TStaffRole, number>;
  /** The route names a student: one outside the caller's scope answers 404. */
  namesStudent?: boolean;
  /** The control changes what later controls read: run it after the others (higher is later). */
  order?: number;
}

/** The title of the requests the removal's controls remove. */
const REMOVABLE = 'Matrix removable';

const everyRole = (status: number): Record<TStaffRole, number> => ({
  admin: status,
  agent: status,
  school: status,
});

const ADMINS_ONLY = { admin: 200, agent: 403, school: 403 };

/** An issued file's upload for the subject, on their record's version now. */
async function issuedFileUpload(
  s: Subject,
  kind: string,
  fields: Record<string, string>,
): Promise<RouteRequest> {
  const { payload, contentType } = await multipartBody(fields, {
    bytes: SMALL_PDF,
    name: `${kind}.pdf`,
  });
  return {
    url: `/api/staff/students/${s.studentId}/${kind}`,
    payload,
    headers: { 'content-type': contentType, 'if-match': await s.version() },
  };
}

/** A passport number no student has: each new student of the matrix is a new person. */
const randomPassportNumber = () => `M${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/** The seeded school new students of the matrix enrol at, read once the app has started. */
let seededSchool: () => Promise<{ id: number; name: string }>;

/** A students file of one new student, as the console uploads it. */
async function importRequest(url: string): Promise<RouteRequest> {
  const { name } = await seededSchool();
  const csv = [
    'first_name,last_name,email,passport_number,date_of_birth,school',
    `Matrix,Import,matrix.${randomUUID()}@example.com,${randomPassportNumber()},2001-01-01,${name}`,
  ].join('\n');
  const { payload, contentType } = await multipartBody(
    {},
    { bytes: Buffer.from(csv), name: 'students.csv', type: 'text/csv' },
  );
  return { url, payload, headers: { 'content-type': contentType } };
}

const STAFF_MATRIX: Record<string, StaffMatrixEntry> = {
  'GET /api/staff/audit': { request: () => ({ url: '/api/staff/audit' }), roles: ADMINS_ONLY },
  'GET /api/staff/audit.csv': {
    request: () => ({ url: '/api/staff/audit.csv' }),
    roles: ADMINS_ONLY,
  },
  'GET /api/staff/team': { request: () => ({ url: '/api/staff/team' }), roles: ADMINS_ONLY },
  'GET /api/staff/team/organisations': {
    request: () => ({ url: '/api/staff/team/organisations' }),
    roles: ADMINS_ONLY,
  },
  'POST /api/staff/team': {
    request: () => ({
      url: '/api/staff/team',
      payload: { name: 'New Admin', email: `admin.${randomUUID()}@example.com`, role: 'admin' },
    }),
    roles: { admin: 201, agent: 403, school: 403 },
  },
  'POST /api/staff/team/{id}/enrolment-link': {
    request: (s) => ({ url: `/api/staff/team/${s.staffAccountId}/enrolment-link` }),
    roles: ADMINS_ONLY,
  },
  'POST /api/staff/team/{id}/disable': {
    request: (s) => ({ url: `/api/staff/team/${s.staffAccountId}/disable` }),
    roles: ADMINS_ONLY,
    // Disabled, the account gets no new link: after the link's control.
    order: 1,
  },
  'GET /api/staff/students': {
    request: () => ({ url: '/api/staff/students?q=priya' }),
    roles: everyRole(200),
  },
  'GET /api/staff/students.csv': {
    request: () => ({ url: '/api/staff/students.csv?q=priya' }),
    roles: everyRole(200),
  },
  'GET /api/staff/organisations': {
    request: () => ({ url: '/api/staff/organisations' }),
    roles: everyRole(200),
  },
  'GET /api/staff/students/{id}': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'POST /api/staff/students/{id}/reveal': {
    request: (s) => ({
      url: `/api/staff/students/${s.studentId}/reveal`,
      payload: { field: 'passportNumber' },
    }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'GET /api/staff/students/{id}/timeline': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/timeline` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'GET /api/staff/students/{id}/documents/{documentId}/file': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/documents/${s.documentId}/file` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'GET /api/staff/students/{id}/moi-videos/{videoId}': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/moi-videos/${s.videoId}` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'PUT /api/staff/students/{id}/admission': {
    request: async (s) => ({
      url: `/api/staff/students/${s.studentId}/admission`,
      payload: { degree: 'Master of Science' },
      headers: { 'if-match': await s.version() },
    }),
    roles: { admin: 200, agent: 403, school: 200 },
    namesStudent: true,
  },
  'PUT /api/staff/students/{id}/sevis': {
    request: async (s) => ({
      url: `/api/staff/students/${s.studentId}/sevis`,
      payload: { paidOn: '2026-07-01' },
      headers: { 'if-match': await s.version() },
    }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'POST /api/staff/students/{id}/i20': {
    request: async (s) => {
      const { payload, contentType } = await multipartBody(
        { issuedOn: '2026-07-01' },
        { bytes: SMALL_PDF, name: 'i20.pdf' },
      );
      return {
        url: `/api/staff/students/${s.studentId}/i20`,
        payload,
        headers: { 'content-type': contentType, 'if-match': await s.version() },
      };
    },
    roles: { admin: 200, agent: 403, school: 200 },
    namesStudent: true,
  },
  'GET /api/staff/students/{id}/i20': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/i20` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'POST /api/staff/students/{id}/acceptance-letter': {
    request: (s) => issuedFileUpload(s, 'acceptance-letter', {}),
    roles: { admin: 200, agent: 403, school: 200 },
    namesStudent: true,
  },
  'GET /api/staff/students/{id}/acceptance-letter': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/acceptance-letter` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'POST /api/staff/students/{id}/sevis-receipt': {
    request: (s) => issuedFileUpload(s, 'sevis-receipt', { paidOn: '2026-07-02' }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'GET /api/staff/students/{id}/sevis-receipt': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/sevis-receipt` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'PUT /api/staff/students/{id}/interview-review': {
    request: async (s) => ({
      url: `/api/staff/students/${s.studentId}/interview-review`,
      payload: { decision: 'accept' },
      headers: { 'if-match': await s.version() },
    }),
    roles: { admin: 200, agent: 403, school: 200 },
    namesStudent: true,
  },
  'GET /api/staff/students/{id}/notes': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/notes` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'POST /api/staff/students/{id}/notes': {
    request: (s) => ({
      url: `/api/staff/students/${s.studentId}/notes`,
      payload: { body: 'A note from the matrix.' },
    }),
    roles: everyRole(201),
    namesStudent: true,
  },
  'POST /api/staff/students/{id}/invite': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/invite` }),
    roles: { admin: 200, agent: 200, school: 403 },
    namesStudent: true,
  },
  'GET /api/staff/new-student-choices': {
    request: () => ({ url: '/api/staff/new-student-choices' }),
    roles: { admin: 200, agent: 200, school: 403 },
  },
  'POST /api/staff/students': {
    request: async () => ({
      url: '/api/staff/students',
      payload: {
        firstName: 'Matrix',
        lastName: 'Student',
        email: `matrix.${randomUUID()}@example.com`,
        passportNumber: randomPassportNumber(),
        dateOfBirth: '2001-01-01',
        schoolId: (await seededSchool()).id,
        agentId: null,
      },
    }),
    roles: { admin: 201, agent: 201, school: 403 },
  },
  'POST /api/staff/students/import/preview': {
    request: () => importRequest('/api/staff/students/import/preview'),
    roles: { admin: 200, agent: 200, school: 403 },
  },
  'POST /api/staff/students/import': {
    request: () => importRequest('/api/staff/students/import'),
    roles: { admin: 201, agent: 201, school: 403 },
  },
  'GET /api/staff/inbox': {
    request: () => ({ url: '/api/staff/inbox' }),
    roles: everyRole(200),
  },
  'GET /api/staff/students/{id}/messages/{messageId}': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/messages/${s.messageId}` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'PUT /api/staff/students/{id}/messages/{messageId}/read': {
    request: (s) => ({ url: `/api/staff/students/${s.studentId}/messages/${s.messageId}/read` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'POST /api/staff/students/{id}/messages/{messageId}/replies': {
    request: (s) => ({
      url: `/api/staff/students/${s.studentId}/messages/${s.messageId}/replies`,
      payload: { content: 'A reply from the matrix.' },
    }),
    roles: everyRole(201),
    namesStudent: true,
  },
  'GET /api/staff/saved-replies': {
    request: () => ({ url: '/api/staff/saved-replies' }),
    roles: everyRole(200),
  },
  'POST /api/staff/saved-replies': {
    request: () => ({
      url: '/api/staff/saved-replies',
      payload: { title: `Matrix ${randomUUID()}`, body: 'A saved reply from the matrix.' },
    }),
    roles: { admin: 201, agent: 403, school: 403 },
  },
  'PUT /api/staff/saved-replies/{id}': {
    request: (s) => ({
      url: `/api/staff/saved-replies/${s.savedReplyId}`,
      payload: { title: `Matrix ${randomUUID()}`, body: 'Changed by the matrix.' },
    }),
    roles: ADMINS_ONLY,
  },
  'DELETE /api/staff/saved-replies/{id}': {
    request: (s) => ({ url: `/api/staff/saved-replies/${s.savedReplyId}` }),
    roles: { admin: 204, agent: 403, school: 403 },
    // Removed, the saved reply cannot be changed: after the change's control.
    order: 1,
  },
  'POST /api/staff/students/{id}/data-export': {
    request: (s) => ({
      url: `/api/staff/students/${s.studentId}/data-export`,
      payload: { confirmName: 'Priya Sharma' },
    }),
    roles: ADMINS_ONLY,
    namesStudent: true,
  },
  'DELETE /api/staff/students/{id}': {
    request: (s) => ({
      url: `/api/staff/students/${s.deletable.id}`,
      payload: { confirmName: s.deletable.name },
    }),
    roles: ADMINS_ONLY,
    namesStudent: true,
  },
  'POST /api/staff/students/bulk': {
    request: (s) => ({
      url: '/api/staff/students/bulk',
      payload: {
        selection: { kind: 'students', ids: [s.studentId] },
        change: { kind: 'admission-status', admissionStatus: 'Admitted' },
      },
    }),
    roles: { admin: 200, agent: 403, school: 200 },
  },
  'GET /api/staff/agents': {
    request: () => ({ url: '/api/staff/agents' }),
    roles: { admin: 200, agent: 200, school: 403 },
  },
  'GET /api/staff/applications/{id}/document-requests': {
    request: (s) => ({ url: `/api/staff/applications/${s.applicationId}/document-requests` }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'POST /api/staff/applications/{id}/document-requests': {
    request: (s) => ({
      url: `/api/staff/applications/${s.applicationId}/document-requests`,
      payload: { title: 'Matrix request', note: null, dueDate: null },
    }),
    roles: everyRole(201),
    namesStudent: true,
  },
  'DELETE /api/staff/document-requests/{id}': {
    request: async (s) => ({ url: `/api/staff/document-requests/${await s.removableRequestId()}` }),
    roles: everyRole(204),
    namesStudent: true,
  },
  'POST /api/staff/documents/{id}/review': {
    request: async (s) => ({
      url: `/api/staff/documents/${await s.pendingDocumentId()}/review`,
      payload: { decision: 'reject', reason: 'Unreadable' },
    }),
    roles: everyRole(200),
    namesStudent: true,
  },
  'GET /api/staff/reviews': {
    request: () => ({ url: '/api/staff/reviews' }),
    roles: everyRole(200),
  },
  'GET /api/staff/schools/{id}/document-checklist': {
    request: (s) => ({ url: `/api/staff/schools/${s.schoolId}/document-checklist` }),
    roles: { admin: 200, agent: 403, school: 200 },
  },
  'PUT /api/staff/schools/{id}/document-checklist': {
    request: (s) => ({
      url: `/api/staff/schools/${s.schoolId}/document-checklist`,
      payload: { items: [{ title: 'CV', note: null, dueInDays: 7 }] },
    }),
    roles: { admin: 200, agent: 403, school: 200 },
  },
  'GET /api/staff/mail': { request: () => ({ url: '/api/staff/mail' }), roles: ADMINS_ONLY },
  'GET /api/staff/mail/{id}': {
    request: (s) => ({ url: `/api/staff/mail/${s.mailboxMessageId}` }),
    roles: ADMINS_ONLY,
  },
  'GET /api/staff/notifications/failed': {
    request: () => ({ url: '/api/staff/notifications/failed' }),
    roles: ADMINS_ONLY,
  },
  'POST /api/staff/notifications/{id}/retry': {
    request: (s) => ({ url: `/api/staff/notifications/${s.failedNotificationId}/retry` }),
    roles: ADMINS_ONLY,
  },
  'POST /api/staff/notifications/push-subscriptions': {
    request: () => ({
      url: '/api/staff/notifications/push-subscriptions',
      payload: EXAMPLE_PUSH_SUBSCRIPTION,
    }),
    roles: everyRole(204),
  },
  'DELETE /api/staff/notifications/push-subscriptions': {
    request: () => ({
      url: '/api/staff/notifications/push-subscriptions',
      payload: { endpoint: EXAMPLE_PUSH_SUBSCRIPTION.endpoint },
    }),
    roles: everyRole(204),
    order: 1,
  },
  'GET /api/staff/notifications/preferences': {
    request: () => ({ url: '/api/staff/notifications/preferences' }),
    roles: everyRole(200),
  },
  'PUT /api/staff/notifications/preferences': {
    request: () => ({
      url: '/api/staff/notifications/preferences',
      payload: { preferences: [{ category: 'digest', channel: 'email', enabled: false }] },
    }),
    roles: everyRole(200),
  },
  'GET /api/staff/session': {
    request: () => ({ url: '/api/staff/session' }),
    roles: everyRole(200),
  },
  'DELETE /api/staff/session': {
    request: () => ({ url: '/api/staff/session' }),
    roles: everyRole(204),
    order: 9,
  },
};

describe.each(testDatabaseKinds())('the staff access-control matrix ($name)', (kind) => {
  let t: TestApp;
  let staffOps: ApiOperation[];
  let subject: Subject;
  /** A student no demo agent or school officer sees: Kwame (Northstar's, at Pacific Crest). */
  let outsider: Subject;

  const origin = () => ({ origin: t.app.config.publicOrigin });
  const send = async (
    op: ApiOperation,
    pending: RouteRequest | Promise<RouteRequest>,
    headers: Record<string, string>,
  ) => {
    const request = await pending;
    return t.app.inject({
      method: op.method,
      url: request.url,
      payload: request.payload,
      headers: { ...request.headers, ...headers },
    });
  };
  const versionOf = (studentId: string) => () => recordVersionTag(t.app, studentId);
  const studentNamed = async (firstName: string): Promise<string> => {
    const [row] = await t.app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.firstName, firstName));
    if (!row) throw new Error(`no seeded student ${firstName}`);
    return row.id;
  };
  const sessionRow = (headers: Record<string, string>) =>
    eq(
      staffSessions.secretHash,
      createHash('sha256')
        .update(headers.cookie?.split('=')[1] ?? '')
        .digest('base64url'),
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    const operations = await apiOperations(t.app);
    staffOps = operations.filter((op) => op.staff);
    const [agency] = await t.app.db.select({ id: agencies.id }).from(agencies).limit(1);
    const [account] = await t.app.db
      .insert(staff)
      .values({
        name: 'Matrix Agent',
        email: 'matrix.agent@example.com',
        role: 'agent',
        agencyId: agency?.id,
      })
      .returning({ id: staff.id });
    if (!account) throw new Error('the matrix agent was not created');
    const priya = await studentNamed('Priya');
    const files = {
      documentId: await storeStudentDocument(t.app, priya),
      videoId: await storeInterviewAnswer(t.app, priya),
    };
    await storeIssuedDocuments(t.app, priya);
    seededSchool = async () => {
      const [school] = await t.app.db
        .select({ id: schools.id, name: schools.name })
        .from(schools)
        .orderBy(schools.id)
        .limit(1);
      if (!school) throw new Error('no seeded school');
      return school;
    };
    const [sent] = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.studentId, priya), eq(messages.direction, 'outbound')));
    const [saved] = await t.app.db
      .insert(savedReplies)
      .values({ title: 'Matrix saved reply', body: 'Kept for the matrix.' })
      .returning({ id: savedReplies.id });
    if (!sent || !saved) throw new Error("the matrix's message and saved reply were not found");
    const { mail } = t.app.config;
    if (mail.kind !== 'mailbox') throw new Error('the test app writes to its mailbox');
    const [failed] = await t.app.db
      .insert(notifications)
      .values({
        channel: 'email',
        category: 'messages',
        template: 'message.new',
        studentId: priya,
        params: { office: 'Matrix Office' },
        state: 'failed',
        attempts: 6,
        lastError: '550 no such mailbox here',
      })
      .returning({ id: notifications.id });
    if (!failed) throw new Error("the matrix's failed notification was not written");
    const ids = {
      messageId: sent.id,
      savedReplyId: saved.id,
      failedNotificationId: failed.id,
      mailboxMessageId: await keepInMailbox(mail.directory, Buffer.from('Subject: Matrix\r\n'), {
        to: 'priya@example.com',
        subject: 'Matrix',
        text: 'Kept for the matrix.',
        html: '<p>Kept for the matrix.</p>',
        notificationId: null,
      }),
    };
    const deletable = { firstName: 'Matrix', lastName: 'Deletable' };
    const documentRequestsOf = async (studentId: string) => {
      const applicationId = await addApplication(t.app, studentId);
      // Three of each: one for each role's control.
      for (let i = 0; i < ROLES.length; i += 1) {
        await addDocumentRequest(t.app, { studentId, applicationId, withPendingFile: true });
        await addDocumentRequest(t.app, { studentId, applicationId, title: REMOVABLE });
      }
      return {
        applicationId,
        pendingDocumentId: () => pendingDocumentOf(t.app, studentId),
        removableRequestId: () => removableRequestOf(t.app, studentId, REMOVABLE),
      };
    };
    const lakeshore = await seededSchool();
    subject = {
      ...(await documentRequestsOf(priya)),
      schoolId: lakeshore.id,
      studentId: priya,
      staffAccountId: account.id,
      ...files,
      ...ids,
      version: versionOf(priya),
      deletable: {
        id: await addStudent(t.app, 'Priya', deletable),
        name: `${deletable.firstName} ${deletable.lastName}`,
      },
    };
    // Priya's files and message asked for under Kwame's id: the student is out of scope first.
    const kwame = await studentNamed('Kwame');
    outsider = {
      ...(await documentRequestsOf(kwame)),
      schoolId: lakeshore.id,
      studentId: kwame,
      staffAccountId: account.id,
      ...files,
      ...ids,
      version: versionOf(kwame),
      deletable: { id: kwame, name: 'Kwame Mensah' },
    };
  });
  afterAll(() => t.close());

  it('covers every staff route of the OpenAPI document, and only those', () => {
    const missing = staffOps.map((op) => op.key).filter((key) => !(key in STAFF_MATRIX));
    expect(missing, 'staff routes without cells in STAFF_MATRIX').toEqual([]);
    const stale = Object.keys(STAFF_MATRIX).filter((key) => !staffOps.some((op) => op.key === key));
    expect(stale, 'STAFF_MATRIX entries for routes that are gone').toEqual([]);
    const unmarked = staffOps
      .filter((op) => op.path.includes('/students/{id}'))
      .filter((op) => !STAFF_MATRIX[op.key]?.namesStudent)
      .map((op) => op.key);
    expect(unmarked, 'routes naming a student without the out-of-scope cell').toEqual([]);
  });

  it('refuses every staff route without a live staff session, changing nothing (V7.2.1, V8.2.1)', async () => {
    const student = await signIn(t.app);
    const expired = await signInAsStaff(t.app, 'admin');
    await t.app.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sessionRow(expired.headers));
    const idle = await signInAsStaff(t.app, 'admin');
    await t.app.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(sessionRow(idle.headers));
    const disabled = await signInAsStaff(t.app, 'school');
    await t.app.db
      .update(staff)
      .set({ disabledAt: new Date() })
      .where(eq(staff.id, disabled.staff.id));
    const credentials: [string, Record<string, string>][] = [
      ['no session', origin()],
      ['a tampered cookie', { ...origin(), cookie: `${t.app.staffCookie.name}=forged` }],
      ['an expired session', expired.headers],
      ['an idle session', idle.headers],
      ['a disabled account', disabled.headers],
      ["a student's bearer token", { ...origin(), ...bearer(student.token) }],
    ];
    let cells = 0;
    try {
      for (const op of staffOps) {
        const entry = STAFF_MATRIX[op.key];
        if (!entry) throw new Error(`no STAFF_MATRIX entry for ${op.key}`);
        const before = await dataSnapshot(t.app);
        for (const [credential, headers] of credentials) {
          const res = await send(op, entry.request(subject), headers);
          expect(res.statusCode, `${op.key} with ${credential}`).toBe(401);
          expect(res.json(), `${op.key} with ${credential}`).toEqual({
            message: STAFF_UNAUTHORIZED,
          });
          cells += 1;
        }
        expect(await dataSnapshot(t.app), `${op.key}: a refused request changed data`).toEqual(
          before,
        );
      }
    } finally {
      await t.app.db.update(staff).set({ disabledAt: null }).where(eq(staff.id, disabled.staff.id));
    }
    expect(cells).toBe(staffOps.length * credentials.length);
  });

  it('refuses a state-changing staff request from another origin, changing nothing (V3.5.3)', async () => {
    const { headers } = await signInAsStaff(t.app, 'admin');
    for (const op of staffOps.filter((o) => !SAFE.has(o.method))) {
      const entry = STAFF_MATRIX[op.key];
      if (!entry) continue;
      const before = await dataSnapshot(t.app);
      for (const foreign of [{ origin: 'https://evil.example' }, { origin: 'null' }]) {
        const res = await send(op, entry.request(subject), { ...headers, ...foreign });
        expect(res.statusCode, `${op.key} from ${foreign.origin}`).toBe(403);
        expect(res.json()).toEqual({ message: STAFF_FOREIGN_ORIGIN });
      }
      expect(await dataSnapshot(t.app), `${op.key}: a refused request changed data`).toEqual(
        before,
      );
    }
  });

  it('a student outside the caller’s scope does not exist for them: 404, nothing changed (V8.2.2)', async () => {
    for (const role of ['agent', 'school'] as const) {
      const { headers } = await signInAsStaff(t.app, role);
      for (const op of staffOps.filter((o) => STAFF_MATRIX[o.key]?.namesStudent)) {
        const entry = STAFF_MATRIX[op.key];
        if (!entry || entry.roles[role] === 403) continue;
        const before = await dataSnapshot(t.app);
        const res = await send(op, entry.request(outsider), headers);
        expect(res.statusCode, `${op.key} as ${role}`).toBe(404);
        expect(await dataSnapshot(t.app), `${op.key} as ${role} changed data`).toEqual(before);
      }
    }
  });

  it('each role gets what the policy gives it, with the same requests: the control', async () => {
    const ordered = [...staffOps].sort(
      (a, b) => (STAFF_MATRIX[a.key]?.order ?? 0) - (STAFF_MATRIX[b.key]?.order ?? 0),
    );
    for (const role of ROLES) {
      const answered: Record<string, number> = {};
      const expected: Record<string, number> = {};
      // One session per role, not per request (demo sign-ins are limited per address): the
      // sign-out control, which ends it, runs last (order 9).
      const { headers } = await signInAsStaff(t.app, role);
      for (const op of ordered) {
        const entry = STAFF_MATRIX[op.key];
        if (!entry) continue;
        answered[op.key] = (await send(op, entry.request(subject), headers)).statusCode;
        expected[op.key] = entry.roles[role];
      }
      expect(answered, role).toEqual(expected);
    }
  });
});
