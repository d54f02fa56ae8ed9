import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { ZProfileSchema, ZProfileUpdateRequestSchema } from '../../../shared/profile.js';
import { HttpError } from '../../lib/http-error.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { getProfile } from './get-profile.js';
import { saveProfile } from './save-profile.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.profile,
    {
      schema: {
        summary: "The signed-in student's profile",
        description:
          'Before the first save, the name and e-mail come from the student record and the rest from the defaults (country United States, visa F-1).',
        tags: ['profile'],
        response: { 200: ZProfileSchema },
      },
    },
    async (request) => {
      const profile = await getProfile(app.db, app.dataKeys, request.student.id);
      if (!profile) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      return profile;
    },
  );

  app.put(
    API_PATHS.profile,
    {
      schema: {
        summary: "Save the signed-in student's whole profile",
        description:
          'Every field of the profile, validated by the same rules as the form; an unknown field is refused.',
        tags: ['profile'],
        body: ZProfileUpdateRequestSchema,
        response: { 200: ZProfileSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => saveProfile(app.db, app.dataKeys, request.student.id, request.body),
  );
};
