import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import {
  ZDemoLoginRequestSchema,
  ZLoginResponseSchema,
  ZUserProfileSchema,
} from '../../../shared/auth.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { DEMO_PERSONA_EMAILS } from '../../db/demo-identities.js';
import { addressBucket, enforceRateLimit } from '../../db/rate-limit.js';
import { copyDemoPersona, pruneDemoVisitors } from './demo-visitors.js';
import { findSessionStudent } from './find-session-student.js';
import { issueSession } from './issue-session.js';
import { endSession, pruneEndedSessions } from './end-session.js';

/**
 * Each demo login writes a student's worth of rows, kept for a day: a hundred an hour from one
 * network is a room of visitors, and holds a caller making students in bulk to about 2,400 a day.
 */
export const DEMO_LOGINS_PER_ADDRESS = { limit: 100, windowMs: 60 * 60_000 };
const TOO_MANY_DEMO_LOGINS = 'Too many demo sign-ins from this network. Please try again later.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A logged-out session is listed until its token would have expired; a demo visitor, with its
  // files, for a day.
  app.addExpiredRowsPruning('endedSessions', () => pruneEndedSessions(app.db));
  app.addExpiredRowsPruning('demoVisitors', () =>
    pruneDemoVisitors({ db: app.db, storage: app.fileStorage, log: app.log }),
  );

  app.get(
    API_PATHS.userProfile,
    {
      // The auth state loads the profile during onboarding too, so an onboarding session may read it.
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: 'The signed-in student',
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        response: { 200: ZUserProfileSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => request.student,
  );

  app.post(
    API_PATHS.logout,
    {
      // An onboarding session may end itself too: a lookup on a shared computer is a session.
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: 'Sign out: end this session',
        description:
          "The token sent is refused from now on, wherever a copy of it is. The student's sessions on other devices go on. The client also forgets its own token.",
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), 401: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await endSession(app.db, request.sessionClaims);
      return reply.status(204).send(null);
    },
  );

  app.post(
    API_PATHS.demoLogin,
    {
      schema: {
        summary: 'Sign in as a demo student of your own (demo mode only)',
        description:
          'Each call makes a fresh copy of a seeded persona (its applications, messages, statuses ' +
          'and profile) for this visitor alone, removed with its uploads after a day. Without a ' +
          'body: the demo student of the demo data contract; `persona` picks another state.',
        tags: ['auth'],
        body: ZDemoLoginRequestSchema,
        response: {
          200: ZLoginResponseSchema,
          404: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Outside demo mode the route does not exist, as far as any caller can tell.
      if (!app.config.demoMode) return reply.status(404).send({ message: 'Not found' });
      await enforceRateLimit(
        app.db,
        addressBucket(app.dataKeys, 'demo-login', request.ip),
        DEMO_LOGINS_PER_ADDRESS,
        TOO_MANY_DEMO_LOGINS,
      );
      const persona = DEMO_PERSONA_EMAILS[request.body?.persona ?? 'moi-required'];
      const visitorId = await copyDemoPersona(app.db, persona);
      const found = visitorId ? await findSessionStudent(app.db, visitorId) : null;
      if (!found)
        return reply.status(404).send({ message: 'The demo student has not been seeded.' });
      return issueSession(app.sessionTokens, found.profile, { scope: 'student' });
    },
  );
};
