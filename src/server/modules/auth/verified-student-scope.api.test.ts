import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { students } from '../../db/schema.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from './authenticate.js';
import { verifiedStudentScope } from './verified-student-scope.js';

const GUARDED = '/api/scope-test/guarded';
const OPTED_OUT = '/api/scope-test/opted-out';

/** Routes written as a new feature would write them: no guard, no refusals, no security. */
const newFeatureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    GUARDED,
    { schema: { response: { 200: z.object({ studentId: z.string() }) } } },
    async (request) => ({ studentId: request.student.id }),
  );
  app.get(
    OPTED_OUT,
    {
      config: { sessionCheckedRead: true },
      schema: { response: { 200: z.object({ reached: z.boolean() }) } },
    },
    async () => ({ reached: true }),
  );
};

/** How many queries the app sends its database while `run` runs. */
async function queriesDuring(app: FastifyInstance, run: () => Promise<unknown>): Promise<number> {
  // Both drivers' clients (a pg Pool, PGlite) take every query drizzle sends through `query`.
  const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = vi.spyOn(client, 'query');
  try {
    await run();
    return query.mock.calls.length;
  } finally {
    query.mockRestore();
  }
}

describe.each(testDatabaseKinds())('the verified-student scope on $name', (kind) => {
  let t: TestApp;
  let priya: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.register(verifiedStudentScope, { routes: [newFeatureRoutes] });
    priya = await seededStudentId(t.app, 'Priya');
  });
  afterAll(() => t.close());

  const get = async (url: string, token: string | null) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('guards a route that names no guard: 401 without a session, 403 unverified, 200 verified', async () => {
    expect((await get(GUARDED, null)).json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
    expect((await get(GUARDED, null)).statusCode).toBe(401);
    const token = await t.app.sessionTokens.issue(priya, 'student');
    try {
      await t.app.db.update(students).set({ faceVerified: false }).where(eq(students.id, priya));
      const unverified = await get(GUARDED, token);
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json()).toEqual({ message: NOT_VERIFIED });
    } finally {
      await t.app.db.update(students).set({ faceVerified: true }).where(eq(students.id, priya));
    }
    const verified = await get(GUARDED, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ studentId: priya });
  });

  it('documents the route as a bearer route that may answer 401 and 403', async () => {
    await t.app.ready();
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    };
    const operation = document.paths[GUARDED]?.get;
    expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '401', '403']);
  });

  it('leaves a route that opts out to its own read: the hook reads nothing', async () => {
    expect((await get(OPTED_OUT, null)).json()).toEqual({ reached: true });
    const token = await t.app.sessionTokens.issue(priya, 'student');
    expect(await queriesDuring(t.app, () => get(OPTED_OUT, token))).toBe(0);
  });

  it('keeps the dashboard reads that judge the session in their own query at one query', async () => {
    const token = await t.app.sessionTokens.issue(priya, 'student');
    expect(await queriesDuring(t.app, () => get(API_PATHS.applications, token))).toBe(1);
    expect(await queriesDuring(t.app, () => get(API_PATHS.messages, token))).toBe(1);
    // The control: a route behind the hook reads the session, then its data.
    expect(await queriesDuring(t.app, () => get(API_PATHS.profile, token))).toBe(2);
  });
});
