import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import {
  verificationStatusPath,
  verifyWithProviderPath,
  ZCreateVerificationSessionResponseSchema,
  ZVerificationStatusResponseSchema,
} from '../../../shared/identity-verification.js';
import { ONBOARDING_DEMO_STUDENT } from '../../db/demo-identities.js';
import {
  identityVerificationEvents,
  identityVerificationSessions,
  invites,
  rateLimits,
  students,
} from '../../db/schema.js';
import { captureLogs } from '../../test/capture-logs.js';
import {
  type DecisionInput,
  type FakeVeriff,
  legacyVeriffSignature,
  type SignedDelivery,
  startFakeVeriff,
} from '../../test/fake-veriff-server.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { signIn } from '../../test/sign-in.js';
import { SESSIONS_PER_STUDENT } from './session-routes.js';
import { changeStudents } from '../../test/seeded-students.js';

const AMARA_EMAIL = 'amara.okafor@demo.student-portal.test';

describe.each(testDatabaseKinds())('identity verification with Veriff on $name', (kind) => {
  let t: TestApp;
  let fake: FakeVeriff;
  let logs: ReturnType<typeof captureLogs>;
  let amaraId: string;
  let amara: string;
  let priyaId: string;
  let priya: string;

  beforeAll(async () => {
    fake = await startFakeVeriff();
    t = await startTestApp(kind, {
      VERIFF_API_KEY: fake.apiKey,
      VERIFF_SHARED_SECRET: fake.sharedSecret,
      VERIFF_BASE_URL: fake.baseUrl,
      LOG_LEVEL: 'info',
    });
    logs = captureLogs(t.app.log);
    const [row] = await t.app.db
      .select({ id: students.id, inviteId: invites.id })
      .from(students)
      .innerJoin(invites, eq(invites.studentId, students.id))
      .where(eq(students.email, AMARA_EMAIL));
    if (!row) throw new Error('the onboarding demo student is seeded');
    amaraId = row.id;
    // The onboarding demo student is not face-verified: an onboarding session, as verify-user
    // gives, bound to her invite.
    amara = `Bearer ${await t.app.sessionTokens.issue(amaraId, 'onboarding', row.inviteId)}`;
    const demo = await signIn(t.app);
    priyaId = demo.id;
    priya = `Bearer ${demo.token}`;
  });
  afterAll(async () => {
    logs.stop();
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.failSessionsWith = null;
    await t.app.db
      .delete(identityVerificationSessions)
      .where(eq(identityVerificationSessions.studentId, amaraId));
    await changeStudents(t.app, eq(students.id, amaraId), {
      faceVerified: false,
      verificationResult: 'pending',
    });
    await t.app.db.delete(rateLimits);
  });

  function inject(
    method: 'GET' | 'POST',
    url: string,
    authorization?: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({
      method,
      url,
      headers: authorization ? { authorization } : {},
      ...(payload ? { payload } : {}),
    });
  }

  async function openSession(authorization = amara) {
    const res = await inject('POST', API_PATHS.veriffSession, authorization, {
      callback: `${t.app.config.publicOrigin}/face-verification`,
      vendorData: amaraId,
    });
    expect(res.statusCode).toBe(200);
    return ZCreateVerificationSessionResponseSchema.parse(res.json());
  }

  const deliver = (path: string, delivery: SignedDelivery, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: headers ?? delivery.headers,
      payload: delivery.payload,
    });
  const deliverDecision = (decision: DecisionInput) =>
    deliver(API_PATHS.veriffDecisionWebhook, fake.decisionWebhook(decision));

  const decision = (sessionId: string, changes: Partial<DecisionInput> = {}): DecisionInput => ({
    sessionId,
    vendorData: amaraId,
    status: 'approved',
    decisionTime: '2026-07-01T09:05:00.000Z',
    documentNumber: ONBOARDING_DEMO_STUDENT.passportNumber,
    ...changes,
  });

  const status = async () =>
    ZVerificationStatusResponseSchema.parse(
      (await inject('GET', verificationStatusPath(amaraId), amara)).json(),
    );
  const verifyFace = () => inject('POST', API_PATHS.verifyFace, amara);
  const eventCount = async () => {
    const [row] = await t.app.db.select({ n: count() }).from(identityVerificationEvents);
    return row?.n ?? 0;
  };

  describe('sessions', () => {
    it('opens a Veriff session for the signed-in student and stores it', async () => {
      const { sessionUrl, sessionId } = await openSession();
      expect(sessionUrl).toBe(`https://alchemy.veriff.com/v/${sessionId}`);
      // Veriff received the API key, a valid signature, and the student id as vendorData.
      expect(fake.sessions.get(sessionId)).toEqual({
        id: sessionId,
        vendorData: amaraId,
        callback: `${t.app.config.publicOrigin}/face-verification`,
        firstName: 'Amara',
        lastName: 'Okafor',
      });
      const [stored] = await t.app.db
        .select()
        .from(identityVerificationSessions)
        .where(eq(identityVerificationSessions.providerSessionId, sessionId));
      expect(stored).toMatchObject({ studentId: amaraId, provider: 'veriff', status: 'created' });
      expect(await status()).toEqual({
        faceVerified: false,
        verificationResult: 'pending',
        status: 'pending',
        reason: null,
      });
    });

    it('refuses without a valid session, with 401 and a message', async () => {
      const before = fake.sessions.size;
      for (const authorization of [undefined, 'Bearer not.a.token']) {
        const res = await inject('POST', API_PATHS.veriffSession, authorization, {});
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: expect.any(String) as unknown });
      }
      expect(fake.sessions.size).toBe(before);
    });

    it('refuses another student id, a callback elsewhere, and a verified student', async () => {
      const before = fake.sessions.size;
      const other = await inject('POST', API_PATHS.veriffSession, amara, { vendorData: priyaId });
      expect(other.statusCode).toBe(403);
      const pending = await inject('POST', API_PATHS.veriffSession, amara, {
        pendingUserId: priyaId,
      });
      expect(pending.statusCode).toBe(403);
      const elsewhere = await inject('POST', API_PATHS.veriffSession, amara, {
        callback: 'https://evil.example/steal',
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toEqual({ message: expect.stringMatching(/callback/) as unknown });
      const notUrl = await inject('POST', API_PATHS.veriffSession, amara, { callback: 'nope' });
      expect(notUrl.statusCode).toBe(400);
      const verified = await inject('POST', API_PATHS.veriffSession, priya, {});
      expect(verified.statusCode).toBe(409);
      expect(verified.json()).toEqual({ message: 'Your identity is already verified.' });
      expect(fake.sessions.size).toBe(before);
    });

    it('answers 502 with the spec message when Veriff refuses', async () => {
      fake.failSessionsWith = 500;
      const res = await inject('POST', API_PATHS.veriffSession, amara, {});
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Failed to create Veriff session' });
    });

    it("does not count Veriff's outage against the student's attempts an hour", async () => {
      fake.failSessionsWith = 503;
      for (let i = 0; i < SESSIONS_PER_STUDENT.limit + 2; i += 1) {
        expect((await inject('POST', API_PATHS.veriffSession, amara, {})).statusCode).toBe(502);
      }
      fake.failSessionsWith = null;
      const res = await inject('POST', API_PATHS.veriffSession, amara, {});
      expect(res.statusCode).toBe(200);
    });
  });

  describe('status', () => {
    it("answers 404 for another student's id or an unknown id, and 401 without a session", async () => {
      for (const userId of [priyaId, '00000000-0000-4000-8000-000000000000', 'x']) {
        const res = await inject('GET', verificationStatusPath(userId), amara);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found' });
      }
      expect((await inject('GET', verificationStatusPath(amaraId))).statusCode).toBe(401);
    });

    it('says not_started before any session, and approved for a verified student', async () => {
      expect(await status()).toMatchObject({ status: 'not_started', faceVerified: false });
      const res = await inject('GET', verificationStatusPath(priyaId), priya);
      expect(res.json()).toEqual({
        faceVerified: true,
        verificationResult: 'approved',
        status: 'approved',
        reason: null,
      });
    });
  });

  describe('verify-face and verify-with-provider', () => {
    it('refuse before approval and accept after, polling Veriff for the decision', async () => {
      const { sessionId } = await openSession();
      const early = await verifyFace();
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        message: expect.stringMatching(/not been approved/) as unknown,
      });
      const polls = fake.decisionPolls;
      expect(polls).toBeGreaterThan(0);

      // No webhook arrives (lost); Veriff's decision endpoint has the approval.
      fake.setDecision(sessionId, decision(sessionId));
      const res = await verifyFace();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ faceVerified: true, verificationResult: 'approved' });
      expect(fake.decisionPolls).toBeGreaterThan(polls);
      const profile = await inject('GET', API_PATHS.userProfile, amara);
      expect(profile.json()).toMatchObject({ faceVerified: true, verificationResult: 'approved' });
      expect(fake.refusedCalls).toBe(0);
    });

    it('verify-with-provider accepts after an approval webhook, and only for the own session', async () => {
      const { sessionId } = await openSession();
      expect((await inject('POST', verifyWithProviderPath(sessionId), amara)).statusCode).toBe(409);
      expect((await deliverDecision(decision(sessionId))).statusCode).toBe(200);
      const res = await inject('POST', verifyWithProviderPath(sessionId), amara);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ faceVerified: true, verificationResult: 'approved' });
      // Priya's session token cannot reach Amara's session.
      const other = await inject('POST', verifyWithProviderPath(sessionId), priya);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: 'Not found' });
      expect((await inject('POST', verifyWithProviderPath(sessionId))).statusCode).toBe(401);
    });

    it('a declined decision keeps them refused, with the result message', async () => {
      const { sessionId } = await openSession();
      fake.setDecision(
        sessionId,
        decision(sessionId, { status: 'declined', reasonCode: 106, reason: 'Known fraud' }),
      );
      const res = await verifyFace();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: expect.stringMatching(/contact support/) as unknown });
      expect(await status()).toEqual({
        faceVerified: false,
        verificationResult: 'declined_fraud',
        status: 'declined',
        reason: 'Known fraud',
      });
    });

    it('answers 409 when no verification was ever started', async () => {
      const res = await verifyFace();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'No identity verification has been started yet.' });
    });
  });

  describe('decision webhook', () => {
    it('approves the student when Veriff approves the passport on file', async () => {
      const { sessionId } = await openSession();
      const res = await deliverDecision(decision(sessionId));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
      expect(await status()).toEqual({
        faceVerified: true,
        verificationResult: 'approved',
        status: 'approved',
        reason: null,
      });
    });

    it.each([
      [
        'no signature',
        (d: SignedDelivery) => ({ 'content-type': d.headers['content-type'] ?? '' }),
      ],
      [
        'a wrong signature',
        (d: SignedDelivery) => ({ ...d.headers, 'x-hmac-signature': 'ab'.repeat(32) }),
      ],
      [
        'a signature made with another secret',
        (d: SignedDelivery) => ({
          ...d.headers,
          'x-hmac-signature': legacyVeriffSignature('another', d.payload),
        }),
      ],
      [
        'a sha256= prefixed signature',
        (d: SignedDelivery) => ({
          ...d.headers,
          'x-hmac-signature': `sha256=${d.headers['x-hmac-signature'] ?? ''}`,
        }),
      ],
      [
        "Veriff's legacy X-SIGNATURE header",
        (d: SignedDelivery) => ({
          'content-type': 'application/json',
          'x-signature': legacyVeriffSignature(fake.sharedSecret, d.payload),
        }),
      ],
      [
        'the legacy signature in X-HMAC-SIGNATURE',
        (d: SignedDelivery) => ({
          ...d.headers,
          'x-hmac-signature': legacyVeriffSignature(fake.sharedSecret, d.payload),
        }),
      ],
    ])('refuses %s with 401 and changes nothing', async (_name, headersFor) => {
      const { sessionId } = await openSession();
      const delivery = fake.decisionWebhook(decision(sessionId));
      const events = await eventCount();
      const res = await deliver(API_PATHS.veriffDecisionWebhook, delivery, headersFor(delivery));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Missing or invalid webhook signature.' });
      expect(await eventCount()).toBe(events);
      expect(await status()).toMatchObject({ faceVerified: false, status: 'pending' });
    });

    it('refuses a signed body whose bytes were re-serialised on the way', async () => {
      const { sessionId } = await openSession();
      const delivery = fake.decisionWebhook(decision(sessionId));
      const pretty = JSON.stringify(JSON.parse(delivery.payload) as unknown, null, 2);
      const res = await deliver(API_PATHS.veriffDecisionWebhook, { ...delivery, payload: pretty });
      expect(res.statusCode).toBe(401);
    });

    it('a replayed delivery changes nothing', async () => {
      const { sessionId } = await openSession();
      const resubmit = fake.decisionWebhook(
        decision(sessionId, {
          status: 'resubmission_requested',
          reasonCode: 201,
          reason: 'Video and/or photos missing',
          decisionTime: '2026-07-01T09:05:00.000Z',
        }),
      );
      expect((await deliver(API_PATHS.veriffDecisionWebhook, resubmit)).statusCode).toBe(200);
      expect(await status()).toMatchObject({ verificationResult: 'resubmission_requested' });
      const events = await eventCount();
      const [before] = await t.app.db
        .select()
        .from(identityVerificationSessions)
        .where(eq(identityVerificationSessions.providerSessionId, sessionId));

      const replay = await deliver(API_PATHS.veriffDecisionWebhook, resubmit);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true });
      expect(await eventCount()).toBe(events);
      const [after] = await t.app.db
        .select()
        .from(identityVerificationSessions)
        .where(eq(identityVerificationSessions.providerSessionId, sessionId));
      expect(after).toEqual(before);
    });

    it('an older decision arriving after a newer one changes nothing', async () => {
      const { sessionId } = await openSession();
      const newer = decision(sessionId, { decisionTime: '2026-07-01T10:00:00.000Z' });
      const older = decision(sessionId, {
        status: 'declined',
        reasonCode: 103,
        reason: 'Person showing the document does not appear to match document photo',
        decisionTime: '2026-07-01T09:30:00.000Z',
      });
      expect((await deliverDecision(newer)).statusCode).toBe(200);
      const late = await deliverDecision(older);
      expect(late.statusCode).toBe(200);
      expect(await status()).toEqual({
        faceVerified: true,
        verificationResult: 'approved',
        status: 'approved',
        reason: null,
      });
    });

    it('a newer decision replaces an older one (resubmitted, then approved)', async () => {
      const { sessionId } = await openSession();
      await deliverDecision(
        decision(sessionId, {
          status: 'resubmission_requested',
          reasonCode: 204,
          reason: 'Poor image quality',
          decisionTime: '2026-07-01T09:30:00.000Z',
        }),
      );
      expect(await status()).toMatchObject({
        verificationResult: 'declined_document_quality',
        status: 'resubmission_requested',
        reason: 'Poor image quality',
      });
      await deliverDecision(decision(sessionId, { decisionTime: '2026-07-01T10:00:00.000Z' }));
      expect(await status()).toMatchObject({ faceVerified: true, verificationResult: 'approved' });
    });

    it('acts on the status string, not the numeric code', async () => {
      const { sessionId } = await openSession();
      // A declined status that carries the approval code is still a decline.
      await deliverDecision(decision(sessionId, { status: 'declined', code: 9001 }));
      expect(await status()).toMatchObject({
        faceVerified: false,
        verificationResult: 'verification_failed',
        status: 'declined',
      });
    });

    it('approved with another document number gives approved_passport_mismatch and no faceVerified', async () => {
      const { sessionId } = await openSession();
      const res = await deliverDecision(decision(sessionId, { documentNumber: 'Q9988776' }));
      expect(res.statusCode).toBe(200);
      expect(await status()).toEqual({
        faceVerified: false,
        verificationResult: 'approved_passport_mismatch',
        status: 'declined',
        reason: 'The document number does not match the passport number on file.',
      });
      expect((await verifyFace()).statusCode).toBe(409);
      const profile = await inject('GET', API_PATHS.userProfile, amara);
      expect(profile.json()).toMatchObject({ faceVerified: false });
    });

    it('approved with no document number read is not taken on trust', async () => {
      const { sessionId } = await openSession();
      await deliverDecision(decision(sessionId, { documentNumber: null }));
      expect(await status()).toMatchObject({
        faceVerified: false,
        verificationResult: 'approved_passport_mismatch',
      });
    });

    it('refuses a decision for an unknown session, another student, or a body that is no decision', async () => {
      const { sessionId } = await openSession();
      const unknown = await deliverDecision(decision('00000000-0000-4000-8000-000000000000'));
      expect(unknown.statusCode).toBe(404);
      const other = await deliverDecision(decision(sessionId, { vendorData: priyaId }));
      expect(other.statusCode).toBe(409);
      for (const payload of ['not json', '{"status":"success"}', '[]']) {
        const res = await deliver(API_PATHS.veriffDecisionWebhook, {
          payload,
          headers: {
            'content-type': 'application/json',
            'x-hmac-signature': createHmac('sha256', fake.sharedSecret)
              .update(payload)
              .digest('hex'),
          },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'The webhook body is not a decision.' });
      }
      const signedGarbage = fake.eventWebhook({
        sessionId,
        vendorData: amaraId,
        action: 'started',
      });
      const garbage = await deliver(API_PATHS.veriffDecisionWebhook, signedGarbage);
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json()).toEqual({ message: 'The webhook body is not a decision.' });
      expect(await status()).toMatchObject({ faceVerified: false, status: 'pending' });
    });

    it('never logs or stores the payload: only the session id and the status', async () => {
      const { sessionId } = await openSession();
      logs.clear();
      await deliverDecision(
        decision(sessionId, {
          documentNumber: 'ZZ0099887',
          firstName: 'SECRETFIRSTNAME',
          lastName: 'SECRETLASTNAME',
          dateOfBirth: '1999-12-31',
        }),
      );
      const written = logs.text();
      expect(written).toContain(sessionId);
      expect(written).toContain('"status":"approved"');
      for (const personal of [
        'ZZ0099887',
        'SECRETFIRSTNAME',
        'SECRETLASTNAME',
        '1999-12-31',
        '192.0.2.10',
      ]) {
        expect(written).not.toContain(personal);
      }
      const stored = await t.app.db.select().from(identityVerificationEvents);
      const kept = JSON.stringify(stored);
      for (const personal of ['ZZ0099887', 'SECRETFIRSTNAME', '1999-12-31', '192.0.2.10']) {
        expect(kept).not.toContain(personal);
      }
    });
  });

  describe('event webhook', () => {
    it('moves a session forward (started, submitted), never back, and never decides', async () => {
      const { sessionId } = await openSession();
      const sessionStatus = async () => {
        const [row] = await t.app.db
          .select({ status: identityVerificationSessions.status })
          .from(identityVerificationSessions)
          .where(eq(identityVerificationSessions.providerSessionId, sessionId));
        return row?.status;
      };
      const event = (action: string) =>
        deliver(
          API_PATHS.veriffEventWebhook,
          fake.eventWebhook({ sessionId, vendorData: amaraId, action }),
        );
      expect((await event('started')).statusCode).toBe(200);
      expect(await sessionStatus()).toBe('started');
      expect((await event('submitted')).statusCode).toBe(200);
      expect(await sessionStatus()).toBe('submitted');
      expect((await event('started')).statusCode).toBe(200);
      expect(await sessionStatus()).toBe('submitted');
      expect(await status()).toMatchObject({ faceVerified: false, status: 'pending' });
    });

    it('refuses an unsigned event with 401', async () => {
      const { sessionId } = await openSession();
      const delivery = fake.eventWebhook({ sessionId, vendorData: amaraId, action: 'started' });
      const res = await deliver(API_PATHS.veriffEventWebhook, delivery, {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Missing or invalid webhook signature.' });
    });
  });

  it('has no simulated provider pages when Veriff is configured', async () => {
    const res = await inject('GET', API_PATHS.simulatedIdentityStyles);
    expect(res.statusCode).toBe(404);
  });
});
