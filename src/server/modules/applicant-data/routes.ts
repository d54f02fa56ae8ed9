import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZApplicantDataResponseSchema } from '../../../shared/applicant-data.js';
import { getApplicantData } from './get-applicant-data.js';

export const applicantDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.applicantData,
    {
      // The session is judged on the applicant data's own read (readAsVerifiedStudent), not again.
      config: { sessionCheckedRead: true },
      schema: {
        summary: "The signed-in student's admission, I-20, SEVIS and MOI status",
        tags: ['dashboard'],
        // The spec's client posts an empty object; nothing in it is read.
        body: z.object({}).loose().nullish(),
        response: {
          200: ZApplicantDataResponseSchema,
        },
      },
    },
    async (request) =>
      app.readAsVerifiedStudent(request, (session) => getApplicantData(app.db, session)),
  );
};
