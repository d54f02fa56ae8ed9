import { eq } from 'drizzle-orm';
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
import { students } from '../../db/schema.js';
import { findSessionStudent } from './find-session-student.js';
import { issueSession } from './issue-session.js';
import { endSession } from './end-session.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Sign in as the demo student (demo mode only)',
        description:
          'Without a body: the demo student of the demo data contract. `persona` picks another seeded state.',
        tags: ['auth'],
        body: ZDemoLoginRequestSchema,
        response: { 200: ZLoginResponseSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // Outside demo mode the route does not exist, as far as any caller can tell.
      if (!app.config.demoMode) return reply.status(404).send({ message: 'Not found' });
      const [row] = await app.db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.email, DEMO_PERSONA_EMAILS[request.body?.persona ?? 'moi-required']))
        .limit(1);
      const found = row ? await findSessionStudent(app.db, row.id) : null;
      if (!found)
        return reply.status(404).send({ message: 'The demo student has not been seeded.' });
      return issueSession(app.sessionTokens, found.profile, { scope: 'student' });
    },
  );
};
