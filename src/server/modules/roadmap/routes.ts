import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZRoadmapResponseSchema } from '../../../shared/roadmap.js';
import { HttpError } from '../../lib/http-error.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { deriveRoadmap } from './derive-roadmap.js';
import { findRoadmapRecord } from './find-roadmap-record.js';

/**
 * The roadmap has its own call rather than being worked out in the browser from the applicant
 * data and the applications: neither answer carries what it needs beyond the three statuses (the
 * program start date, the dates the I-20 was issued and the fee paid), and one small answer
 * suits a slow phone better than two larger ones. The derivation itself is deriveRoadmap.
 */
export const roadmapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.roadmap,
    {
      schema: {
        summary: "The signed-in student's visa roadmap: steps, documents and start date",
        tags: ['roadmap'],
        response: {
          200: ZRoadmapResponseSchema,
        },
      },
    },
    async (request) => {
      const record = await findRoadmapRecord(app.db, request.student.id);
      if (!record) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      return deriveRoadmap(record, new Date().toISOString().slice(0, 10));
    },
  );
};
