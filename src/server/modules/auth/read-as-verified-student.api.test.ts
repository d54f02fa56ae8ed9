import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { DEMO_LOGIN_EMAIL } from '../../db/demo-identities.js';
import { students } from '../../db/schema.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from './authenticate.js';

/**
 * The dashboard's reads judge the session on their own query (readAsVerifiedStudent) instead of
 * a read of their own first (requireVerifiedStudent). Every state a session can be in must get
 * the same answer from both: the profile, behind requireVerifiedStudent, is the control.
 */
const ONE_QUERY_READS = [
  { method: 'POST', url: API_PATHS.applicantData },
  { method: 'GET', url: API_PATHS.applications },
  { method: 'GET', url: API_PATHS.messages },
] as const;
const CONTROL = { method: 'GET', url: API_PATHS.profile } as const;

describe.each(testDatabaseKinds())(
  'one-query reads judge sessions like the rest on $name',
  (kind) => {
    let t: TestApp;
    let priya: string;

    beforeAll(async () => {
      t = await startTestApp(kind);
      const [row] = await t.app.db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.email, DEMO_LOGIN_EMAIL));
      priya = row?.id ?? '';
    });
    afterAll(() => t.close());

    const call = (route: { method: 'GET' | 'POST'; url: string }, token: string | null) =>
      t.app.inject({
        ...route,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
    const setPriya = (changes: Partial<typeof students.$inferInsert>) =>
      t.app.db.update(students).set(changes).where(eq(students.id, priya));
    const freshToken = () => t.app.sessionTokens.issue(priya, 'student');

    /** Each state: how to reach it (answering the token to send), and the answer expected. */
    const states: {
      name: string;
      token: () => Promise<string | null>;
      status: number;
      message?: string;
    }[] = [
      { name: 'a valid session', token: freshToken, status: 200 },
      { name: 'no token', token: () => Promise.resolve(null), status: 401 },
      { name: 'an onboarding session', token: () => onboardingTokenFor(t.app, priya), status: 401 },
      {
        name: 'a logged-out session',
        token: async () => {
          const token = await freshToken();
          await call({ method: 'POST', url: API_PATHS.logout }, token);
          return token;
        },
        status: 401,
      },
      {
        name: 'a session issued before a revocation',
        token: async () => {
          const token = await freshToken();
          await setPriya({ tokensValidAfter: new Date(Date.now() + 1_000) });
          return token;
        },
        status: 401,
      },
      {
        name: 'a disabled student',
        token: async () => {
          const token = await freshToken();
          await setPriya({ disabledAt: new Date() });
          return token;
        },
        status: 401,
      },
      {
        name: 'a student not face-verified',
        token: async () => {
          await setPriya({ faceVerified: false });
          return freshToken();
        },
        status: 403,
        message: NOT_VERIFIED,
      },
    ];

    it.each(states)('answers $status to $name, as requireVerifiedStudent does', async (state) => {
      try {
        const token = await state.token();
        for (const route of [CONTROL, ...ONE_QUERY_READS]) {
          const res = await call(route, token);
          expect(res.statusCode, route.url).toBe(state.status);
          if (state.status !== 200)
            expect(res.json(), route.url).toEqual({
              message: state.message ?? UNAUTHORIZED_MESSAGE,
            });
        }
      } finally {
        await setPriya({ tokensValidAfter: null, disabledAt: null, faceVerified: true });
      }
    });

    // Requests in the same turn share one query (session-checked-read.ts): each must still get
    // its own student's data, and its own session's verdict.
    it('answers requests made at once each for its own student and session', async () => {
      const verified = await t.app.db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.faceVerified, true));
      expect(verified.length).toBeGreaterThanOrEqual(3);
      const tokens = await Promise.all(
        verified.map(({ id }) => t.app.sessionTokens.issue(id, 'student')),
      );
      const loggedOut = await freshToken();
      await call({ method: 'POST', url: API_PATHS.logout }, loggedOut);
      const ofStudentGone = await t.app.sessionTokens.issue(randomUUID(), 'student');
      const requests = [...tokens, loggedOut, ofStudentGone, null];
      for (const route of ONE_QUERY_READS) {
        const one = async (token: string | null) => {
          const res = await call(route, token);
          return { status: res.statusCode, body: res.json<unknown>() };
        };
        const alone: unknown[] = [];
        for (const token of requests) alone.push(await one(token));
        const atOnce = await Promise.all(requests.map(one));
        expect(atOnce, route.url).toEqual(alone);
        const studentsAnswers = alone.slice(0, tokens.length).map((a) => JSON.stringify(a));
        expect(new Set(studentsAnswers).size, route.url).toBeGreaterThan(1);
        expect(alone.slice(tokens.length), route.url).toEqual(
          Array(3).fill({ status: 401, body: { message: UNAUTHORIZED_MESSAGE } }),
        );
      }
    });
  },
);
