import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { ZStudentLanguageSchema } from '../../../shared/language.js';
import { students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';

const DESCRIPTION =
  'The language the student reads the portal in: their e-mails and push notifications are written in it, and a device they sign in on follows it.';

/** The signed-in student's own language. Registered in verifiedStudentScope. */
export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.studentLanguage,
    {
      schema: {
        summary: "The signed-in student's language",
        description: DESCRIPTION,
        tags: ['language'],
        response: { 200: ZStudentLanguageSchema },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ language: students.language })
        .from(students)
        .where(eq(students.id, request.student.id));
      if (!row) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      return row;
    },
  );

  app.put(
    API_PATHS.studentLanguage,
    {
      schema: {
        summary: "Set the signed-in student's language",
        description: `${DESCRIPTION} One of the ten languages of the student side, by its BCP 47 tag.`,
        tags: ['language'],
        body: ZStudentLanguageSchema,
        response: { 200: ZStudentLanguageSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const [row] = await app.db
        .update(students)
        .set({ language: request.body.language, updatedAt: new Date() })
        .where(eq(students.id, request.student.id))
        .returning({ language: students.language });
      if (!row) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      return row;
    },
  );
};
