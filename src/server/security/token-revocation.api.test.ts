import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { revokedSessions } from '../db/schema.js';
import { UNAUTHORIZED_MESSAGE } from '../modules/auth/authenticate.js';
import { pruneEndedSessions } from '../modules/auth/end-session.js';
import { onboardingTokenFor } from '../test/onboarding-token.js';
import { signIn } from '../test/sign-in.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * Logout on the server (OWASP ASVS 5.0 V7.4.1: once a session is terminated it cannot be used
 * again). A JWT cannot be recalled, so a logged-out token would stay good until it expired (12
 * hours by default) in any copy of it; logout lists the token's id in revoked_sessions, and every
 * request checks that list. It ends the session used, not the student's other devices (ending
 * them all is the admin's revoke-access, V7.4.5). Account disabling (V7.4.2), revocation by
 * not-before and demo login outside demo mode are proven by the tests docs/security-tests.md lists.
 */
describe.each(testDatabaseKinds())(
  'logout revokes issued tokens on $name (ASVS V7.4.1)',
  (kind) => {
    let t: TestApp;

    const call = (method: 'GET' | 'POST', url: string, token: string) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(() => t.close());

    it("ends the session used, and neither the student's other devices nor another student's", async () => {
      const phone = await signIn(t.app, 'moi-required');
      const laptop = await signIn(t.app, 'moi-required');
      const lucas = await signIn(t.app, 'sevis-due');
      for (const token of [phone.token, laptop.token, lucas.token]) {
        expect((await call('GET', API_PATHS.profile, token)).statusCode).toBe(200);
      }

      const logout = await call('POST', API_PATHS.logout, phone.token);
      expect(logout.statusCode).toBe(204);
      expect(logout.body).toBe('');

      for (const url of [API_PATHS.profile, API_PATHS.userProfile, API_PATHS.messages]) {
        const res = await call('GET', url, phone.token);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
      // The revoked token cannot even log out again.
      expect((await call('POST', API_PATHS.logout, phone.token)).statusCode).toBe(401);
      for (const token of [laptop.token, lucas.token]) {
        expect((await call('GET', API_PATHS.profile, token)).statusCode).toBe(200);
      }
    });

    it('refuses a validly signed token that carries no session id, since no logout could end it', async () => {
      const demo = await signIn(t.app, 'moi-required');
      const claims = decodeJwt(demo.token);
      const withoutId = await new SignJWT({ scope: 'student' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(demo.user.id)
        .setIssuer(String(claims.iss))
        .setAudience(String(claims.aud))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(t.app.config.tokenSecret));
      expect((await call('GET', API_PATHS.userProfile, withoutId)).statusCode).toBe(401);
    });

    // A dashboard read runs in a batch with other requests' (session-checked-read.ts), which casts
    // every subject to uuid: a subject that is no student id must be refused before it gets there.
    it('refuses a validly signed token whose subject is no student id, and serves the others read with it', async () => {
      const demo = await signIn(t.app, 'moi-required');
      const claims = decodeJwt(demo.token);
      const notAnId = await new SignJWT({ scope: 'student' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(`${demo.user.id}x`)
        .setJti(randomUUID())
        .setIssuer(String(claims.iss))
        .setAudience(String(claims.aud))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(t.app.config.tokenSecret));
      const [refused, served] = await Promise.all(
        [notAnId, demo.token].map((token) => call('GET', API_PATHS.applications, token)),
      );
      expect(refused?.statusCode).toBe(401);
      expect(served?.statusCode).toBe(200);
    });

    it('keeps an ended session listed until its token would have expired, then prunes it', async () => {
      const demo = await signIn(t.app, 'all-done');
      expect((await call('POST', API_PATHS.logout, demo.token)).statusCode).toBe(204);
      const [listed] = await t.app.db
        .select()
        .from(revokedSessions)
        .where(eq(revokedSessions.sessionId, String(decodeJwt(demo.token).jti)));
      expect(listed?.expiresAt.getTime()).toBe(Number(decodeJwt(demo.token).exp) * 1000);

      await t.app.db
        .update(revokedSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(revokedSessions.sessionId, String(decodeJwt(demo.token).jti)));
      expect(await pruneEndedSessions(t.app.db)).toBe(1);
      expect(
        await t.app.db
          .select()
          .from(revokedSessions)
          .where(eq(revokedSessions.sessionId, String(decodeJwt(demo.token).jti))),
      ).toEqual([]);
    });

    it('lets the student sign in again right after', async () => {
      const before = await signIn(t.app, 'all-done');
      expect((await call('POST', API_PATHS.logout, before.token)).statusCode).toBe(204);
      const after = await signIn(t.app, 'all-done');
      const res = await call('GET', API_PATHS.userProfile, after.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: after.user.id, sessionScope: 'student' });
      expect((await call('GET', API_PATHS.userProfile, before.token)).statusCode).toBe(401);
    });

    it('ends an onboarding session too (a lookup on a shared computer)', async () => {
      const farida = await signIn(t.app, 'interview-due');
      const onboarding = await onboardingTokenFor(t.app, farida.user.id);
      expect((await call('GET', API_PATHS.userProfile, onboarding)).statusCode).toBe(200);
      expect((await call('POST', API_PATHS.logout, onboarding)).statusCode).toBe(204);
      expect((await call('GET', API_PATHS.userProfile, onboarding)).statusCode).toBe(401);
      expect((await call('GET', API_PATHS.userProfile, farida.token)).statusCode).toBe(200);
    });

    it('documents the route as needing a bearer token', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: API_PATHS.docs })).json<{
        paths: Record<string, Record<string, { security?: unknown }>>;
      }>();
      expect(doc.paths[API_PATHS.logout]?.post?.security).toEqual([{ bearerAuth: [] }]);
    });
  },
);
