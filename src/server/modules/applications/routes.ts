import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import {
  APPLICATION_NOT_FOUND,
  ZApplicationIdParamsSchema,
  ZApplicationListResponseSchema,
  ZApplicationSchema,
} from '../../../shared/applications.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { HttpError } from '../../lib/http-error.js';
import { readOwnRows } from '../auth/own-rows-list.js';
import { applicationList } from './application-row.js';
import { getApplication } from './get-application.js';

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.applications,
    {
      // The session is judged on the list's own read (readAsVerifiedStudent), not again.
      config: { sessionCheckedRead: true },
      schema: {
        summary: "The signed-in student's applications, the most recently submitted first",
        tags: ['applications'],
        response: { 200: ZApplicationListResponseSchema },
      },
    },
    async (request) =>
      app.readAsVerifiedStudent(request, (session) =>
        readOwnRows(app.db, applicationList, session),
      ),
  );

  app.get(
    API_PATHS.application,
    {
      schema: {
        summary: "One of the signed-in student's applications",
        description: "An unknown id and another student's id get the same 404.",
        tags: ['applications'],
        params: ZApplicationIdParamsSchema,
        response: {
          200: ZApplicationSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const application = await getApplication(app.db, request.student.id, request.params.id);
      if (!application) throw new HttpError(404, APPLICATION_NOT_FOUND);
      return application;
    },
  );
};
