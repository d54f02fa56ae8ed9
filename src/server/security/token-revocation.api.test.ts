import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { type TDemoPersona, ZLoginResponseSchema } from '../../shared/auth.js';
import { UNAUTHORIZED_MESSAGE } from '../modules/auth/authenticate.js';
import { onboardingTokenFor } from '../test/onboarding-token.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * Logout on the server (OWASP ASVS 5.0 V7.4.1: once a session is terminated it cannot be used
 * again; for self-contained tokens, by "disallowing tokens produced before a per-user date and
 * time"). Logout ends every session of the account, on every device. A JWT cannot be recalled, so before this route a logged-out token stayed good until it expired (12 hours by
 * default) in any copy of it; logout now moves the student's not-before (tokens_valid_after).
 * Account disabling (V7.4.2), revocation by not-before and demo login outside demo mode are
 * proven by the tests docs/security-tests.md lists.
 */
describe.each(testDatabaseKinds())(
  'logout revokes issued tokens on $name (ASVS V7.4.1)',
  (kind) => {
    let t: TestApp;

    const signIn = async (persona: TDemoPersona) => {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.demoLogin,
        payload: { persona },
      });
      return ZLoginResponseSchema.parse(res.json());
    };
    const call = (method: 'GET' | 'POST', url: string, token: string) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(() => t.close());

    it("ends the session used and the student's other sessions, and no other student's", async () => {
      const phone = await signIn('moi-required');
      const laptop = await signIn('moi-required');
      const lucas = await signIn('sevis-due');
      for (const token of [phone.token, laptop.token, lucas.token]) {
        expect((await call('GET', API_PATHS.profile, token)).statusCode).toBe(200);
      }

      const logout = await call('POST', API_PATHS.logout, phone.token);
      expect(logout.statusCode).toBe(204);
      expect(logout.body).toBe('');

      for (const token of [phone.token, laptop.token]) {
        for (const url of [API_PATHS.profile, API_PATHS.userProfile, API_PATHS.messages]) {
          const res = await call('GET', url, token);
          expect(res.statusCode, url).toBe(401);
          expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
        }
      }
      // The revoked token cannot even log out again.
      expect((await call('POST', API_PATHS.logout, phone.token)).statusCode).toBe(401);
      expect((await call('GET', API_PATHS.profile, lucas.token)).statusCode).toBe(200);
    });

    it('lets the student sign in again right after', async () => {
      const before = await signIn('all-done');
      expect((await call('POST', API_PATHS.logout, before.token)).statusCode).toBe(204);
      const after = await signIn('all-done');
      const res = await call('GET', API_PATHS.userProfile, after.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: after.user.id, sessionScope: 'student' });
      expect((await call('GET', API_PATHS.userProfile, before.token)).statusCode).toBe(401);
    });

    it('ends an onboarding session too (a lookup on a shared computer)', async () => {
      const farida = await signIn('interview-due');
      const onboarding = await onboardingTokenFor(t.app, farida.user.id);
      expect((await call('GET', API_PATHS.userProfile, onboarding)).statusCode).toBe(200);
      expect((await call('POST', API_PATHS.logout, onboarding)).statusCode).toBe(204);
      expect((await call('GET', API_PATHS.userProfile, onboarding)).statusCode).toBe(401);
      // Logout-everywhere: the full session held beside it ends as well.
      expect((await call('GET', API_PATHS.userProfile, farida.token)).statusCode).toBe(401);
    });

    it('documents the route as needing a bearer token', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: API_PATHS.docs })).json<{
        paths: Record<string, Record<string, { security?: unknown }>>;
      }>();
      expect(doc.paths[API_PATHS.logout]?.post?.security).toEqual([{ bearerAuth: [] }]);
    });
  },
);
