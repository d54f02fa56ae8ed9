import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { APPLICATION_NOT_FOUND, ZApplicationIdParamsSchema } from '../../../shared/applications.js';
import { ZDocumentRequestListResponseSchema } from '../../../shared/document-requests.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { HttpError } from '../../lib/http-error.js';
import { getApplication } from '../applications/get-application.js';
import { listStudentDocumentRequests } from './request-rows.js';

/** The signed-in student's document requests (in verifiedStudentScope): theirs only. */
export const studentDocumentRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.documentRequests,
    {
      schema: {
        summary: "Every document the signed-in student's schools asked for, oldest first",
        description: 'Each request with its files, newest first, and their reviews.',
        tags: ['documents'],
        response: { 200: ZDocumentRequestListResponseSchema },
      },
    },
    async (request) => listStudentDocumentRequests(app.db, request.student.id),
  );

  app.get(
    API_PATHS.applicationDocumentRequests,
    {
      schema: {
        summary: 'The documents asked for on one of the signed-in student’s applications',
        description: "An unknown application and another student's get the same 404.",
        tags: ['documents'],
        params: ZApplicationIdParamsSchema,
        response: {
          200: ZDocumentRequestListResponseSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await getApplication(app.db, request.student.id, id))) {
        throw new HttpError(404, APPLICATION_NOT_FOUND);
      }
      return listStudentDocumentRequests(app.db, request.student.id, id);
    },
  );
};
