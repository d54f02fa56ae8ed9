import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../../shared/auth.js';
import {
  verificationStatusPath,
  ZCreateVerificationSessionResponseSchema,
  ZVerificationStatusResponseSchema,
} from '../../../shared/identity-verification.js';
import { dateOfBirthToUtcTimestamp } from '../../../shared/onboarding.js';
import { ONBOARDING_DEMO_STUDENT } from '../../db/demo-identities.js';
import {
  identityVerificationEvents,
  identityVerificationSessions,
  rateLimits,
  students,
} from '../../db/schema.js';
import { LOOKUP_PROOF_COOKIE } from '../onboarding/lookup-proof.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

describe.each(testDatabaseKinds())('the simulated identity provider on $name', (kind) => {
  let t: TestApp;
  let amaraId: string;
  let amara: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // An onboarding session the way the sign-up page gets one: lookup, then verify-user.
    const lookup = await t.app.inject({
      method: 'POST',
      url: API_PATHS.getStudentId,
      payload: {
        invite_code: ONBOARDING_DEMO_STUDENT.inviteCode,
        passport_number: ONBOARDING_DEMO_STUDENT.passportNumber,
        date_of_birth: dateOfBirthToUtcTimestamp(ONBOARDING_DEMO_STUDENT.dateOfBirth),
      },
    });
    amaraId = lookup.json<{ student_id: string }>().student_id;
    const proof = lookup.cookies.find((c) => c.name === LOOKUP_PROOF_COOKIE)?.value ?? '';
    const session = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyUser,
      payload: { studentId: amaraId },
      cookies: { [LOOKUP_PROOF_COOKIE]: proof },
    });
    amara = `Bearer ${ZLoginResponseSchema.parse(session.json()).token}`;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.db
      .delete(identityVerificationSessions)
      .where(eq(identityVerificationSessions.studentId, amaraId));
    await t.app.db
      .update(students)
      .set({ faceVerified: false, verificationResult: 'pending' })
      .where(eq(students.id, amaraId));
    await t.app.db.delete(rateLimits);
  });

  async function openSession() {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.veriffSession,
      headers: { authorization: amara },
      payload: { vendorData: amaraId },
    });
    expect(res.statusCode).toBe(200);
    const body = ZCreateVerificationSessionResponseSchema.parse(res.json());
    const url = new URL(body.sessionUrl);
    expect(url.origin).toBe(t.app.config.publicOrigin);
    return { ...body, pagePath: url.pathname };
  }

  const openPage = (path: string) => t.app.inject({ method: 'GET', url: path });

  /** The form fields of the page's form whose submit button is `button`, as a browser sends them. */
  function formOf(html: string, button: 'Approve' | 'Decline') {
    const forms = html.split('</form>');
    const form = forms.find((f) => f.includes(`>${button}</button>`));
    if (!form) throw new Error(`no form with ${button}`);
    const action = /<form method="post" action="([^"]+)"/.exec(form)?.[1] ?? '';
    const fields = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1] ?? '',
        m[2] ?? '',
      ]),
    );
    return { action, fields };
  }

  const post = (action: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  const status = async () =>
    ZVerificationStatusResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: verificationStatusPath(amaraId),
          headers: { authorization: amara },
        })
      ).json(),
    );

  it("shows the student's name and the Approve and Decline buttons, framable only by our own pages", async () => {
    const { pagePath } = await openSession();
    const res = await openPage(pagePath);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Amara Okafor');
    expect(res.body).toMatch(/<button type="submit" class="approve">Approve<\/button>/);
    expect(res.body).toMatch(/<button type="submit" class="decline">Decline<\/button>/);
    for (const reason of [
      'Document quality',
      'Document expired',
      'Face mismatch',
      'Unsupported document',
      'Fraud',
      'Resubmission',
    ]) {
      expect(res.body).toContain(`>${reason}</option>`);
    }
    // Nothing inline: the CSP allows only our own scripts and styles.
    expect(res.body).not.toMatch(/<script|\sstyle=|<style|\son[a-z]+=/i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');

    const css = await openPage(API_PATHS.simulatedIdentityStyles);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body).toContain(`href="${API_PATHS.simulatedIdentityStyles}"`);
    // The rest of the app still refuses to be framed.
    const other = await openPage(API_PATHS.publicConfig);
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('Approve sets faceVerified through the signed webhook path', async () => {
    const { pagePath, sessionId } = await openSession();
    const { action, fields } = formOf((await openPage(pagePath)).body, 'Approve');
    const res = await post(action, fields);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Decision sent');
    expect(res.body).toContain('You can close this window.');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");

    expect(await status()).toEqual({
      faceVerified: true,
      verificationResult: 'approved',
      status: 'approved',
      reason: null,
    });
    const verify = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyFace,
      headers: { authorization: amara },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ faceVerified: true, verificationResult: 'approved' });
    // It arrived as a decision webhook delivery, recorded like Veriff's.
    const [session] = await t.app.db
      .select({ id: identityVerificationSessions.id })
      .from(identityVerificationSessions)
      .where(eq(identityVerificationSessions.providerSessionId, sessionId));
    const events = await t.app.db
      .select({ kind: identityVerificationEvents.kind })
      .from(identityVerificationEvents)
      .where(eq(identityVerificationEvents.sessionId, session?.id ?? ''));
    expect(events).toEqual([{ kind: 'decision' }]);
  });

  it.each([
    ['fraud', 'declined_fraud', 'declined'],
    ['document_quality', 'declined_document_quality', 'resubmission_requested'],
    ['document_expired', 'declined_document_expired', 'resubmission_requested'],
    ['face_mismatch', 'declined_face_match', 'declined'],
    ['unsupported_document', 'declined_unsupported_document', 'resubmission_requested'],
    ['resubmission', 'resubmission_requested', 'resubmission_requested'],
  ])('Decline with %s sets %s', async (reason, result, providerStatus) => {
    const { pagePath } = await openSession();
    const { action, fields } = formOf((await openPage(pagePath)).body, 'Decline');
    const res = await post(action, { ...fields, reason });
    expect(res.statusCode).toBe(200);
    expect(await status()).toMatchObject({
      faceVerified: false,
      verificationResult: result,
      status: providerStatus,
    });
    const verify = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyFace,
      headers: { authorization: amara },
    });
    expect(verify.statusCode).toBe(409);
  });

  it('refuses a post without the page token, or with a forged one, and changes nothing', async () => {
    const { pagePath, sessionId } = await openSession();
    const { action } = formOf((await openPage(pagePath)).body, 'Approve');
    const forged = createHmac('sha256', 'guess').update(sessionId).digest('base64url');
    const attempts: Record<string, string>[] = [
      { decision: 'approve' },
      { decision: 'approve', token: forged },
    ];
    for (const fields of attempts) {
      const res = await post(action, fields);
      expect([400, 403]).toContain(res.statusCode);
      expect(res.json()).toEqual({ message: expect.any(String) as unknown });
    }
    expect(await status()).toMatchObject({ faceVerified: false, status: 'pending' });
  });

  it('refuses a second decision, an unknown reason and an unknown session', async () => {
    const { pagePath } = await openSession();
    const html = (await openPage(pagePath)).body;
    const decline = formOf(html, 'Decline');
    const badReason = await post(decline.action, { ...decline.fields, reason: 'bored' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json()).toEqual({ message: expect.stringMatching(/reason/) as unknown });

    const approve = formOf(html, 'Approve');
    expect((await post(approve.action, approve.fields)).statusCode).toBe(200);
    const again = await post(decline.action, { ...decline.fields, reason: 'fraud' });
    expect(again.statusCode).toBe(409);
    expect(await status()).toMatchObject({ faceVerified: true, verificationResult: 'approved' });
    const page = await openPage(pagePath);
    expect(page.body).toContain('already has a decision');
    expect(page.body).not.toContain('>Approve</button>');

    const unknown = await openPage(
      apiPath(API_PATHS.simulatedIdentityPage, {
        sessionId: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown verification session.' });
  });

  it("refuses a webhook that is not signed with the simulated provider's secret", async () => {
    const { sessionId } = await openSession();
    const payload = JSON.stringify({
      status: 'success',
      verification: {
        id: sessionId,
        status: 'approved',
        vendorData: amaraId,
        decisionTime: new Date().toISOString(),
        document: { number: ONBOARDING_DEMO_STUDENT.passportNumber },
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.veriffDecisionWebhook,
      headers: {
        'content-type': 'application/json',
        'x-hmac-signature': createHmac('sha256', 'not-the-secret').update(payload).digest('hex'),
      },
      payload,
    });
    expect(res.statusCode).toBe(401);
    expect(await status()).toMatchObject({ faceVerified: false });
  });
});
