import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ZAgencyDetailsResponseSchema,
  ZDetailsRequestSchema,
  ZUniversityDetailsResponseSchema,
} from '../../../shared/help.js';
import { HttpError } from '../../lib/http-error.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { getAgencyDetails } from './get-agency-details.js';
import { getUniversityDetails } from './get-university-details.js';

/** The help page's two calls (spec section 7). POST, as the spec has them; neither reads a body. */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.universityDetails,
    {
      schema: {
        summary: "The signed-in student's school: contacts, address, links and mission",
        tags: ['help'],
        body: ZDetailsRequestSchema,
        response: { 200: ZUniversityDetailsResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const details = await getUniversityDetails(app.db, request.student.id);
      if (!details) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      return details;
    },
  );

  app.post(
    API_PATHS.agencyDetails,
    {
      schema: {
        summary: "The signed-in student's agency and agent",
        description: 'Both are null for a student who enrolled directly, without an agency.',
        tags: ['help'],
        body: ZDetailsRequestSchema,
        response: { 200: ZAgencyDetailsResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const details = await getAgencyDetails(app.db, request.student.id);
      if (!details) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      return details;
    },
  );
};
