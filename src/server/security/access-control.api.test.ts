import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { ZDocumentSchema } from '../../shared/documents.js';
import { ZMoiSessionResponseSchema, ZMoiSubmitVideoResponseSchema } from '../../shared/moi.js';
import type { TProfileUpdateRequest } from '../../shared/profile.js';
import {
  accountRecoveries,
  applications,
  documentRequests,
  identityVerificationSessions,
  messages,
  moiQuestions,
  passkeyCredentials,
  staffNotes,
  students,
} from '../db/schema.js';
import { UNAUTHORIZED_MESSAGE } from '../modules/auth/authenticate.js';
import {
  apiOperations,
  fillPath,
  pathParameterNames,
  type ApiOperation,
  type JsonSchema,
} from '../test/api-operations.js';
import { dataSnapshot } from '../test/data-snapshot.js';
import { EXAMPLE_PUSH_SUBSCRIPTION } from '../test/fake-push-service.js';
import { onboardingTokenFor } from '../test/onboarding-token.js';
import { signInAsStaff } from '../test/staff-sign-in.js';
import { storeIssuedDocuments } from '../test/student-files.js';
import { startTestApp, TEST_TOKEN_SECRET, type TestApp } from '../test/test-app.js';
import { multipartBody } from '../test/multipart-body.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * The access-control matrix (OWASP ASVS 5.0 level 2):
 * - V8.2.1 / V8.2.2 (function- and data-level authorization, IDOR): every bearer route refuses
 *   callers without a valid session, and every id-bearing route refuses another student's ids;
 * - V8.3.1 (authorization enforced at the trusted service layer): the refusals come from the
 *   server, whatever the request claims;
 * - V7.2.1 (session tokens verified by the backend): tampered, expired, `alg: none` and
 *   foreign-key tokens are refused;
 * - V9.1.1 / V9.1.2 (self-contained tokens: signature and algorithm allow-list checked) and
 *   V9.2.1 (the validity period is enforced);
 * - V9.2.2 (a token accepted only for its purpose) and V8.2.1: an onboarding session, and an
 *   account recovery's, gets no full-session route.
 * The route list is the OpenAPI document's, so a route added without a fixture here fails.
 */

const WEBM_HEADER = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102' +
    '1853806701ffffffffffffff',
  'hex',
);
const WEBM = Buffer.concat([WEBM_HEADER, Buffer.alloc(4096 - WEBM_HEADER.length, 0x42)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n');
/** An internal note staff keep on each student: no student route may ever answer it. */
const STAFF_NOTE_CANARY = 'staff-note-canary-7f3a: not for the student';
const OTHER_SECRET = 'another-secret-that-is-long-enough-to-sign-0123456789';

/** What a victim owns, by the ids another student would have to guess or steal. */
interface Owned {
  id: string;
  email: string;
  applicationId: number;
  /** A document request on the application, with nothing uploaded. */
  documentRequestId: number;
  messageId: number;
  documentId: number;
  moiSessionId: string;
  moiFileIds: string[];
  questionIds: number[];
  /** The identity provider's session id, as the verify route takes it. */
  identitySessionId: string;
  /** Two passkeys, so that removing one is allowed. */
  passkeyIds: string[];
}

interface RouteRequest {
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
}

interface MatrixEntry {
  /** A request the owner's own full session gets through: the matrix's control. */
  request: (owner: Owned) => Promise<RouteRequest> | RouteRequest;
  /** What the owner's request answers (the handler ran; a 409 is the handler's own refusal). */
  ownerStatus: number;
  /**
   * The route serves onboarding and account recovery sessions too (identity check, passkey
   * registration).
   */
  onboarding?: boolean;
  /** The control changes what later controls read: run it after the others (higher is later). */
  order?: number;
}

/** A multipart body as a browser's FormData would send it, with its content type. */
async function multipart(fields: Record<string, string>, file: { field: string; bytes: Buffer }) {
  const { payload, contentType } = await multipartBody(fields, file);
  return { payload, headers: { 'content-type': contentType } };
}

const moiVideoUrl = (owner: Owned, sessionId = owner.moiSessionId) =>
  `${API_PATHS.moiSubmitVideo}?${new URLSearchParams({
    sessionId,
    videoIndex: '0',
    questionId: String(owner.questionIds[0] ?? 0),
  }).toString()}`;

const moiAnswers = (owner: Owned, sessionId = owner.moiSessionId) => ({
  sessionId,
  videoData: owner.moiFileIds.map((fileId, videoIndex) => ({
    fileId,
    videoIndex,
    questionId: owner.questionIds[videoIndex] ?? 0,
    questionText: 'question',
  })),
});

const PROFILE: TProfileUpdateRequest = {
  firstName: 'Farida',
  lastName: 'Rahman',
  email: 'farida.r@example.com',
  phone: '+880 1711 000111',
  dateOfBirth: '2000-09-08',
  streetAddress: '7 Lake Road',
  city: 'Dhaka',
  state: 'Dhaka',
  zipCode: '12050',
  country: 'Bangladesh',
  nationality: 'Bangladesh',
  passportNumber: 'BR2468013',
  visaStatus: 'F-1',
  i20SchoolCode: 'CHI214F00987000',
  emergencyContactName: 'Someone',
  emergencyContactPhone: '+880 1711 222333',
  emergencyContactRelation: 'Parent',
  currentEducationLevel: "Bachelor's Degree",
  intendedMajor: 'Civil Engineering',
  englishProficiency: 'IELTS-7.0+',
  housingPreference: 'Homestay',
  dietaryRestrictions: 'Halal',
  medicalConditions: '',
  additionalNotes: '',
};

/** Each student's own profile, with values only they may ever see. */
const profileOf = (firstName: string): TProfileUpdateRequest => ({
  ...PROFILE,
  firstName,
  emergencyContactName: `${firstName} Only Contact`,
  medicalConditions: `${firstName}-only medical note`,
});

/** A simulated passkey's assertion (demo mode), on a challenge nobody was given. */
const simulatedAssertion = (credentialId: string) => ({
  demo: true,
  challenge: 'bm8tc3VjaC1jaGFsbGVuZ2U',
  credentialId,
  secret: 'bm8tc3VjaC1zZWNyZXQ',
});

/**
 * A valid request for every bearer route of the OpenAPI document. The matrix fails for a bearer
 * route missing here, so a new route cannot skip it.
 */
const MATRIX: Record<string, MatrixEntry> = {
  'GET /api/user/profile': {
    request: () => ({ url: API_PATHS.userProfile }),
    ownerStatus: 200,
    onboarding: true,
  },
  'POST /api/auth/logout': {
    request: () => ({ url: API_PATHS.logout }),
    ownerStatus: 204,
    onboarding: true,
    order: 9,
  },
  'POST /api/veriff/session': {
    request: (o) => ({ url: API_PATHS.veriffSession, payload: { vendorData: o.id } }),
    // The owner is verified already: the handler's own refusal.
    ownerStatus: 409,
    onboarding: true,
  },
  'GET /api/veriff/status/{userId}': {
    request: (o) => ({ url: fillPath('/api/veriff/status/{userId}', { userId: o.id }) }),
    ownerStatus: 200,
    onboarding: true,
  },
  'POST /api/auth/verify-face': {
    request: () => ({ url: API_PATHS.verifyFace }),
    ownerStatus: 200,
    onboarding: true,
  },
  'POST /api/veriff/verify/{sessionId}': {
    request: (o) => ({
      url: fillPath('/api/veriff/verify/{sessionId}', { sessionId: o.identitySessionId }),
    }),
    ownerStatus: 200,
    onboarding: true,
  },
  'POST /api/webauthn/register/begin': {
    request: (o) => ({
      url: API_PATHS.registerBegin,
      payload: { username: o.email, userId: o.id },
    }),
    ownerStatus: 200,
    onboarding: true,
  },
  'POST /api/webauthn/register/complete': {
    request: (o) => ({
      url: API_PATHS.registerComplete,
      payload: { credential: { demo: true, challenge: 'bm8tc3VjaC1jaGFsbGVuZ2U' }, userId: o.id },
    }),
    // No such challenge: the handler's own refusal, after the session was accepted.
    ownerStatus: 400,
    onboarding: true,
  },
  'GET /api/passkeys': { request: () => ({ url: API_PATHS.passkeys }), ownerStatus: 200 },
  'DELETE /api/passkeys/{id}': {
    request: (o) => ({ url: fillPath('/api/passkeys/{id}', { id: o.passkeyIds[0] ?? '' }) }),
    ownerStatus: 200,
    order: 1,
  },
  'POST /api/webauthn/confirm/begin': {
    request: () => ({ url: API_PATHS.confirmBegin, payload: {} }),
    ownerStatus: 200,
  },
  'POST /api/webauthn/confirm/complete': {
    request: (o) => ({
      url: API_PATHS.confirmComplete,
      payload: { credential: simulatedAssertion(o.passkeyIds[0] ?? '') },
    }),
    // No such challenge: the handler's own refusal, after the session was accepted.
    ownerStatus: 403,
  },
  'POST /api/applicant-data': {
    request: () => ({ url: API_PATHS.applicantData, payload: {} }),
    ownerStatus: 200,
  },
  'GET /api/applications': { request: () => ({ url: API_PATHS.applications }), ownerStatus: 200 },
  'GET /api/applications/{id}': {
    request: (o) => ({ url: fillPath('/api/applications/{id}', { id: o.applicationId }) }),
    ownerStatus: 200,
  },
  'GET /api/messages': { request: () => ({ url: API_PATHS.messages }), ownerStatus: 200 },
  'POST /api/messages': {
    request: (o) => ({
      url: API_PATHS.messages,
      payload: {
        to: 'Admissions Office',
        subject: 'Hello',
        content: 'A question',
        applicationId: o.applicationId,
      },
    }),
    ownerStatus: 201,
  },
  'PATCH /api/messages/{id}/read': {
    request: (o) => ({ url: fillPath('/api/messages/{id}/read', { id: o.messageId }) }),
    ownerStatus: 200,
    order: 1,
  },
  'GET /api/documents': {
    request: (o) => ({ url: `${API_PATHS.documents}?applicationId=${o.applicationId}` }),
    ownerStatus: 200,
  },
  'GET /api/document-requests': {
    request: () => ({ url: API_PATHS.documentRequests }),
    ownerStatus: 200,
  },
  'GET /api/applications/{id}/document-requests': {
    request: (o) => ({
      url: fillPath('/api/applications/{id}/document-requests', { id: o.applicationId }),
    }),
    ownerStatus: 200,
  },
  'POST /api/documents': {
    request: async (o) => ({
      url: API_PATHS.documents,
      ...(await multipart(
        { applicationId: String(o.applicationId) },
        { field: 'file', bytes: PDF },
      )),
    }),
    ownerStatus: 201,
  },
  'GET /api/documents/{id}/file': {
    request: (o) => ({ url: fillPath('/api/documents/{id}/file', { id: o.documentId }) }),
    ownerStatus: 200,
  },
  'DELETE /api/documents/{id}': {
    request: (o) => ({ url: fillPath('/api/documents/{id}', { id: o.documentId }) }),
    ownerStatus: 204,
    order: 1,
  },
  'GET /api/i20': { request: () => ({ url: API_PATHS.studentI20 }), ownerStatus: 200 },
  'GET /api/acceptance-letter': {
    request: () => ({ url: API_PATHS.studentAcceptanceLetter }),
    ownerStatus: 200,
  },
  'GET /api/moi/questions': { request: () => ({ url: API_PATHS.moiQuestions }), ownerStatus: 200 },
  'GET /api/moi/review': { request: () => ({ url: API_PATHS.moiReview }), ownerStatus: 200 },
  'POST /api/moi/sessions': { request: () => ({ url: API_PATHS.moiSessions }), ownerStatus: 200 },
  'POST /api/moi/submit-video': {
    request: async (o) => ({
      url: moiVideoUrl(o),
      ...(await multipart({}, { field: 'video', bytes: WEBM })),
    }),
    ownerStatus: 201,
  },
  'POST /api/moi/answers': {
    request: (o) => ({ url: API_PATHS.moiAnswers, payload: moiAnswers(o) }),
    ownerStatus: 201,
    order: 1,
  },
  'GET /api/profile': { request: () => ({ url: API_PATHS.profile }), ownerStatus: 200 },
  'PUT /api/profile': {
    request: () => ({
      url: API_PATHS.profile,
      payload: { ...profileOf('Farida'), city: 'Chittagong' },
    }),
    ownerStatus: 200,
    order: 1,
  },
  'GET /api/roadmap': { request: () => ({ url: API_PATHS.roadmap }), ownerStatus: 200 },
  'GET /api/notifications/preferences': {
    request: () => ({ url: API_PATHS.notificationPreferences }),
    ownerStatus: 200,
  },
  'PUT /api/notifications/preferences': {
    request: () => ({
      url: API_PATHS.notificationPreferences,
      payload: { preferences: [{ category: 'messages', channel: 'email', enabled: false }] },
    }),
    ownerStatus: 200,
  },
  'GET /api/language': { request: () => ({ url: API_PATHS.studentLanguage }), ownerStatus: 200 },
  'PUT /api/language': {
    request: () => ({ url: API_PATHS.studentLanguage, payload: { language: 'vi' } }),
    ownerStatus: 200,
  },
  'POST /api/university-details': {
    request: () => ({ url: API_PATHS.universityDetails, payload: {} }),
    ownerStatus: 200,
  },
  'POST /api/agency-details': {
    request: () => ({ url: API_PATHS.agencyDetails, payload: {} }),
    ownerStatus: 200,
  },
  'POST /api/notifications/push-subscriptions': {
    request: () => ({ url: API_PATHS.pushSubscriptions, payload: EXAMPLE_PUSH_SUBSCRIPTION }),
    ownerStatus: 204,
  },
  'DELETE /api/notifications/push-subscriptions': {
    request: () => ({
      url: API_PATHS.pushSubscriptions,
      payload: { endpoint: EXAMPLE_PUSH_SUBSCRIPTION.endpoint },
    }),
    ownerStatus: 204,
    order: 1,
  },
};

interface CrossStudentCase {
  /** The request naming the victim's object, sent with the attacker's full session. */
  request: (victim: Owned, attacker: Owned) => Promise<RouteRequest> | RouteRequest;
  /** 404 (as if it did not exist) or 403 (the body named someone else); 200: own data only. */
  status: 403 | 404 | 200;
}

/**
 * Another student's ids on every route that takes one. A bearer route whose path, query or JSON
 * body names an id must be here; a form field is not in the OpenAPI document, so the upload's
 * applicationId is listed by hand, and the profile, which takes no id, is listed because the
 * attacker's own save must not land on the victim.
 */
const CROSS_STUDENT: Record<string, CrossStudentCase> = {
  'POST /api/veriff/session': {
    request: (v) => ({
      url: API_PATHS.veriffSession,
      payload: { vendorData: v.id, pendingUserId: v.id },
    }),
    status: 403,
  },
  'GET /api/veriff/status/{userId}': {
    request: (v) => ({ url: fillPath('/api/veriff/status/{userId}', { userId: v.id }) }),
    status: 404,
  },
  'POST /api/veriff/verify/{sessionId}': {
    request: (v) => ({
      url: fillPath('/api/veriff/verify/{sessionId}', { sessionId: v.identitySessionId }),
    }),
    status: 404,
  },
  'POST /api/webauthn/register/begin': {
    request: (v) => ({
      url: API_PATHS.registerBegin,
      payload: { username: v.email, userId: v.id },
    }),
    status: 403,
  },
  'POST /api/webauthn/register/complete': {
    request: (v) => ({
      url: API_PATHS.registerComplete,
      payload: { credential: { demo: true, challenge: 'bm8tc3VjaC1jaGFsbGVuZ2U' }, userId: v.id },
    }),
    status: 403,
  },
  'DELETE /api/passkeys/{id}': {
    request: (v) => ({ url: fillPath('/api/passkeys/{id}', { id: v.passkeyIds[0] ?? '' }) }),
    status: 404,
  },
  'POST /api/webauthn/confirm/complete': {
    request: (v) => ({
      url: API_PATHS.confirmComplete,
      payload: { credential: simulatedAssertion(v.passkeyIds[0] ?? '') },
    }),
    status: 403,
  },
  'GET /api/applications/{id}': {
    request: (v) => ({ url: fillPath('/api/applications/{id}', { id: v.applicationId }) }),
    status: 404,
  },
  'POST /api/messages': {
    request: (v) => ({
      url: API_PATHS.messages,
      payload: {
        to: 'Admissions Office',
        subject: 'x',
        content: 'x',
        applicationId: v.applicationId,
      },
    }),
    status: 404,
  },
  'PATCH /api/messages/{id}/read': {
    request: (v) => ({ url: fillPath('/api/messages/{id}/read', { id: v.messageId }) }),
    status: 404,
  },
  'GET /api/documents': {
    // A filter, not a lookup: the attacker gets their own documents for that id, which are none.
    request: (v) => ({ url: `${API_PATHS.documents}?applicationId=${v.applicationId}` }),
    status: 200,
  },
  'POST /api/documents': {
    request: async (v) => ({
      url: API_PATHS.documents,
      ...(await multipart(
        { applicationId: String(v.applicationId) },
        { field: 'file', bytes: PDF },
      )),
    }),
    status: 404,
  },
  'POST /api/documents (into the victim’s document request)': {
    request: async (v) => ({
      url: API_PATHS.documents,
      ...(await multipart(
        { documentRequestId: String(v.documentRequestId) },
        { field: 'file', bytes: PDF },
      )),
    }),
    status: 404,
  },
  'GET /api/applications/{id}/document-requests': {
    request: (v) => ({
      url: fillPath('/api/applications/{id}/document-requests', { id: v.applicationId }),
    }),
    status: 404,
  },
  'GET /api/documents/{id}/file': {
    request: (v) => ({ url: fillPath('/api/documents/{id}/file', { id: v.documentId }) }),
    status: 404,
  },
  'DELETE /api/documents/{id}': {
    request: (v) => ({ url: fillPath('/api/documents/{id}', { id: v.documentId }) }),
    status: 404,
  },
  'POST /api/moi/submit-video': {
    request: async (v) => ({
      url: moiVideoUrl(v),
      ...(await multipart({}, { field: 'video', bytes: WEBM })),
    }),
    status: 404,
  },
  'POST /api/moi/answers': {
    request: (v) => ({ url: API_PATHS.moiAnswers, payload: moiAnswers(v) }),
    status: 404,
  },
  'POST /api/moi/answers (own session, victim recordings)': {
    request: (v, a) => ({
      url: API_PATHS.moiAnswers,
      payload: { ...moiAnswers(v, a.moiSessionId) },
    }),
    status: 404,
  },
  'PUT /api/profile': {
    request: () => ({
      url: API_PATHS.profile,
      payload: { ...profileOf('Priya'), city: 'Attacker City' },
    }),
    status: 200,
  },
  'GET /api/profile': { request: () => ({ url: API_PATHS.profile }), status: 200 },
};

/** The attacker's own rate-limit counters move on a refused request; nothing else may. */
const withoutRateLimits = (snapshot: Record<string, string>) =>
  Object.fromEntries(Object.entries(snapshot).filter(([table]) => table !== 'rate_limits'));

const ID_NAME = /(^id$|Id$|^vendorData$)/;

/** Property names of a JSON schema, at every depth. */
function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const nested = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return [...Object.keys(schema.properties ?? {}), ...nested.flatMap(propertyNames)];
}

/** Whether a route takes an id a student could swap for another's: path, query or body. */
const takesAnId = (op: ApiOperation) =>
  pathParameterNames(op.path).length > 0 ||
  op.parameters.some((p) => p.in === 'query' && ID_NAME.test(p.name)) ||
  propertyNames(op.jsonBody).some((name) => ID_NAME.test(name));

describe.each(testDatabaseKinds())('access control matrix on $name (ASVS V7, V8, V9)', (kind) => {
  let t: TestApp;
  let operations: ApiOperation[] = [];
  let bearerOps: ApiOperation[] = [];
  let victim: Owned;
  let attacker: Owned;
  const tokens: Record<string, string> = {};
  /** An administrator's console session: its cookie and the portal's Origin. */
  let staffHeaders: Record<string, string> = {};

  const send = async (
    op: ApiOperation,
    request: RouteRequest,
    credential: string | Record<string, string> = {},
  ) =>
    t.app.inject({
      method: op.method,
      url: request.url,
      payload: request.payload,
      headers: {
        ...request.headers,
        ...(typeof credential === 'string' ? { authorization: credential } : credential),
      },
    });

  const studentNamed = async (firstName: string) => {
    const [row] = await t.app.db
      .select({ id: students.id, email: students.email })
      .from(students)
      .where(eq(students.firstName, firstName));
    if (!row?.email) throw new Error(`${firstName} is seeded`);
    return row as { id: string; email: string };
  };

  /** Gives a seeded student one of everything a route can name by id. */
  const furnish = async (firstName: string, questionIds: number[]): Promise<Owned> => {
    const { id, email } = await studentNamed(firstName);
    const bearer = { authorization: `Bearer ${await t.app.sessionTokens.issue(id, 'student')}` };
    const [application] = await t.app.db
      .insert(applications)
      .values({
        studentId: id,
        university: `${firstName} University`,
        program: 'MSc',
        status: 'accepted',
        submittedAt: new Date(),
      })
      .returning({ id: applications.id });
    const [message] = await t.app.db
      .insert(messages)
      .values({
        studentId: id,
        direction: 'inbound',
        fromName: 'Admissions Office',
        toName: firstName,
        subject: `For ${firstName} only`,
        content: `${firstName}'s admission letter is attached`,
      })
      .returning({ id: messages.id });
    const [documentRequest] = await t.app.db
      .insert(documentRequests)
      .values({ studentId: id, applicationId: application?.id ?? 0, title: `${firstName}'s CV` })
      .returning({ id: documentRequests.id });
    const identitySessionId = randomUUID();
    await t.app.db.insert(identityVerificationSessions).values({
      studentId: id,
      provider: 'simulated',
      providerSessionId: identitySessionId,
      status: 'approved',
      decidedAt: new Date(),
    });
    const upload = await multipart(
      { applicationId: String(application?.id) },
      { field: 'file', bytes: PDF },
    );
    const document = await t.app.inject({
      method: 'POST',
      url: API_PATHS.documents,
      payload: upload.payload,
      headers: { ...upload.headers, ...bearer },
    });
    expect(document.statusCode).toBe(201);
    const session = await t.app.inject({
      method: 'POST',
      url: API_PATHS.moiSessions,
      headers: bearer,
    });
    const moiSessionId = ZMoiSessionResponseSchema.parse(session.json()).sessionId;
    const passkeys = await t.app.db
      .insert(passkeyCredentials)
      .values(
        [1, 2].map(() => ({
          id: randomBytes(32).toString('base64url'),
          studentId: id,
          publicKey: randomBytes(77),
          deviceType: 'singleDevice',
        })),
      )
      .returning({ id: passkeyCredentials.id });
    const owned: Owned = {
      id,
      email,
      applicationId: application?.id ?? 0,
      documentRequestId: documentRequest?.id ?? 0,
      messageId: message?.id ?? 0,
      documentId: ZDocumentSchema.parse(document.json()).id,
      moiSessionId,
      moiFileIds: [],
      questionIds,
      identitySessionId,
      passkeyIds: passkeys.map((passkey) => passkey.id),
    };
    for (const videoIndex of [0, 1, 2]) {
      const body = await multipart({}, { field: 'video', bytes: WEBM });
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PATHS.moiSubmitVideo}?sessionId=${moiSessionId}&videoIndex=${videoIndex}&questionId=${questionIds[videoIndex]}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer },
      });
      expect(res.statusCode).toBe(201);
      owned.moiFileIds.push(ZMoiSubmitVideoResponseSchema.parse(res.json()).fileId);
    }
    const profile = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.profile,
      payload: profileOf(firstName),
      headers: bearer,
    });
    expect(profile.statusCode).toBe(200);
    await storeIssuedDocuments(t.app, id);
    await t.app.db.insert(staffNotes).values({ studentId: id, body: STAFF_NOTE_CANARY });
    return owned;
  };

  /** Everything the victim sees of their own data, read as the victim. */
  const victimView = async () => {
    const token = await t.app.sessionTokens.issue(victim.id, 'student');
    const reads = [
      API_PATHS.applications,
      fillPath('/api/applications/{id}', { id: victim.applicationId }),
      API_PATHS.messages,
      API_PATHS.documents,
      fillPath('/api/documents/{id}/file', { id: victim.documentId }),
      API_PATHS.documentRequests,
      fillPath('/api/applications/{id}/document-requests', { id: victim.applicationId }),
      API_PATHS.profile,
      API_PATHS.roadmap,
      fillPath('/api/veriff/status/{userId}', { userId: victim.id }),
      API_PATHS.passkeys,
    ];
    const view: Record<string, string> = {};
    for (const url of reads) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, url).toBe(200);
      view[url] = res.body;
    }
    return view;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    operations = await apiOperations(t.app);
    bearerOps = operations.filter((op) => op.bearer);
    const questionIds = (
      await t.app.db
        .select({ id: moiQuestions.id })
        .from(moiQuestions)
        .orderBy(moiQuestions.position)
    ).map((q) => q.id);
    // Farida's school requires the interview and she is face-verified: every route serves her.
    victim = await furnish('Farida', questionIds);
    attacker = await furnish('Priya', questionIds);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const claims = (secret: string, expiresAt = nowSeconds + 3600) =>
      new SignJWT({ scope: 'student' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(victim.id)
        .setJti(randomUUID())
        .setIssuer('student-portal')
        .setAudience('student-portal/api')
        .setIssuedAt(nowSeconds)
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));
    const [header, payload, signature] = (
      await t.app.sessionTokens.issue(attacker.id, 'student')
    ).split('.');
    const attackerClaims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const swapped = Buffer.from(JSON.stringify({ ...attackerClaims, sub: victim.id })).toString(
      'base64url',
    );
    tokens.wellForged = await claims(TEST_TOKEN_SECRET);
    tokens.expired = await claims(TEST_TOKEN_SECRET, nowSeconds - 60);
    tokens.otherSecret = await claims(OTHER_SECRET);
    tokens.tampered = `${header}.${swapped}.${signature}`;
    tokens.algNone = new UnsecuredJWT({ scope: 'student' })
      .setSubject(victim.id)
      .setIssuer('student-portal')
      .setAudience('student-portal/api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    tokens.onboarding = await onboardingTokenFor(t.app, victim.id);
    const [recovery] = await t.app.db
      .insert(accountRecoveries)
      .values({ studentId: victim.id, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: accountRecoveries.id });
    tokens.recovery = await t.app.sessionTokens.issueRecovery(victim.id, recovery?.id ?? '');
    staffHeaders = (await signInAsStaff(t.app, 'admin')).headers;
  });
  afterAll(() => t.close());

  it('covers every bearer route of the OpenAPI document, and only those', () => {
    const missing = bearerOps.map((op) => op.key).filter((key) => !(key in MATRIX));
    expect(missing, 'bearer routes without a request in MATRIX').toEqual([]);
    const stale = Object.keys(MATRIX).filter((key) => !bearerOps.some((op) => op.key === key));
    expect(stale, 'MATRIX entries for routes that are gone or public').toEqual([]);
    expect(bearerOps.length).toBeGreaterThanOrEqual(27);
  });

  it('knows an id fixture for every route that takes an id', () => {
    const idRoutes = bearerOps.filter(takesAnId).map((op) => op.key);
    const unknown = idRoutes.filter((key) => !(key in CROSS_STUDENT));
    expect(unknown, 'id-bearing routes without a CROSS_STUDENT case').toEqual([]);
    const listed = Object.keys(CROSS_STUDENT).map((key) => key.replace(/ \(.*\)$/, ''));
    expect(listed.filter((key) => !bearerOps.some((op) => op.key === key))).toEqual([]);
    // The derivation itself: the routes the brief names are found by it.
    expect(idRoutes).toEqual(
      expect.arrayContaining([
        'GET /api/applications/{id}',
        'PATCH /api/messages/{id}/read',
        'DELETE /api/documents/{id}',
        'GET /api/veriff/status/{userId}',
        'POST /api/moi/answers',
      ]),
    );
  });

  it('the forged tokens differ from an accepted one only in their defect', async () => {
    // Without this, every refusal below could be the forge's mistake rather than the server's check.
    const profile = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: API_PATHS.userProfile,
        headers: { authorization: `Bearer ${token}` },
      });
    const forged = await profile(tokens.wellForged ?? '');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toMatchObject({ id: victim.id, sessionScope: 'student' });
    const onboarding = await profile(tokens.onboarding ?? '');
    expect(onboarding.json()).toMatchObject({ id: victim.id, sessionScope: 'onboarding' });
    const recovery = await profile(tokens.recovery ?? '');
    expect(recovery.json()).toMatchObject({ id: victim.id, sessionScope: 'recovery' });
  });

  const CREDENTIALS: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    [
      'a tampered token (another student’s, re-addressed)',
      () => ({ authorization: `Bearer ${tokens.tampered}` }),
    ],
    ['an expired token', () => ({ authorization: `Bearer ${tokens.expired}` })],
    ['an alg: none token', () => ({ authorization: `Bearer ${tokens.algNone}` })],
    [
      'a token signed with another secret',
      () => ({ authorization: `Bearer ${tokens.otherSecret}` }),
    ],
    ['an onboarding-only token', () => ({ authorization: `Bearer ${tokens.onboarding}` })],
    ['an account recovery token', () => ({ authorization: `Bearer ${tokens.recovery}` })],
    // The console's session is no student's: an administrator's cookie opens no student route.
    ['a staff session cookie', () => staffHeaders],
  ];

  it('refuses every bearer route without a valid full session, changing nothing (V7.2.1, V8.2.1, V9.1.1, V9.1.2, V9.2.1, V9.2.2)', async () => {
    const cells: string[] = [];
    for (const op of bearerOps) {
      const entry = MATRIX[op.key];
      if (!entry) throw new Error(`no MATRIX entry for ${op.key}`);
      const before = await dataSnapshot(t.app);
      for (const [credential, headers] of CREDENTIALS) {
        const onboardingStep =
          credential === 'an onboarding-only token' || credential === 'an account recovery token';
        if (onboardingStep && entry.onboarding) continue;
        const res = await send(op, await entry.request(victim), headers());
        expect(res.statusCode, `${op.key} with ${credential}`).toBe(401);
        expect(res.json(), `${op.key} with ${credential}`).toEqual({
          message: UNAUTHORIZED_MESSAGE,
        });
        cells.push(`${op.key} / ${credential}`);
      }
      expect(await dataSnapshot(t.app), `${op.key}: a refused request changed stored data`).toEqual(
        before,
      );
    }
    const onboardingRoutes = bearerOps.filter((op) => MATRIX[op.key]?.onboarding).length;
    expect(cells).toHaveLength(bearerOps.length * CREDENTIALS.length - 2 * onboardingRoutes);
    console.info(`access matrix: ${bearerOps.length} bearer routes, ${cells.length} refused cells`);
  });

  it("refuses another student's ids on every id-bearing route; the owner's data is unchanged (V8.2.2)", async () => {
    const attackerToken = `Bearer ${await t.app.sessionTokens.issue(attacker.id, 'student')}`;
    const victimCanaries = [
      'For Farida only',
      'Farida-only medical note',
      'Farida Only Contact',
      'Farida University',
    ];
    for (const [name, entry] of Object.entries(CROSS_STUDENT)) {
      const key = name.replace(/ \(.*\)$/, '');
      const op = bearerOps.find((o) => o.key === key);
      if (!op) throw new Error(`${key} is not a bearer route`);
      const viewBefore = await victimView();
      const before = withoutRateLimits(await dataSnapshot(t.app));
      const res = await send(op, await entry.request(victim, attacker), attackerToken);
      expect(res.statusCode, name).toBe(entry.status);
      for (const canary of victimCanaries) expect(res.body, name).not.toContain(canary);
      const after = withoutRateLimits(await dataSnapshot(t.app));
      if (entry.status === 200) {
        // The attacker's own save may change the attacker's rows; never the victim's view.
        expect(await victimView(), name).toEqual(viewBefore);
      } else {
        expect(after, `${name}: a refused request changed stored data`).toEqual(before);
        expect(await victimView(), name).toEqual(viewBefore);
      }
    }
  });

  it("the owner's own session gets through every route with the same requests: the control", async () => {
    // Signed in with a passkey a moment ago, as changing a passkey needs (decision 013).
    const token = `Bearer ${await t.app.sessionTokens.issue(victim.id, 'student', undefined, new Date())}`;
    const ordered = [...bearerOps].sort(
      (a, b) => (MATRIX[a.key]?.order ?? 0) - (MATRIX[b.key]?.order ?? 0),
    );
    const answered: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const op of ordered) {
      const entry = MATRIX[op.key];
      if (!entry) continue;
      const res = await send(op, await entry.request(victim), token);
      answered[op.key] = res.statusCode;
      expected[op.key] = entry.ownerStatus;
      // Staff's internal notes on the student are never the student's to read.
      expect(res.body, `${op.key} answered a staff note`).not.toContain(STAFF_NOTE_CANARY);
    }
    expect(answered).toEqual(expected);
  });
});
