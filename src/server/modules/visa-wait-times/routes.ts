import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZVisaWaitTimesResponseSchema } from '../../../shared/visa-wait-times.js';
import { ifNoneMatchHits } from './if-none-match.js';
import { preferredCoding } from './preferred-coding.js';
import type { WaitTimeStore } from './wait-time-store.js';

/**
 * The figures change monthly and are the same for everyone, so browsers and shared caches may
 * keep them an hour; the ETag lets them revalidate for free after that. The app's onSend hook
 * leaves a Cache-Control a route set on a successful answer alone (app.ts).
 */
export const WAIT_TIMES_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /api/visa-wait-times (spec section 7), public. Answers from the in-memory store: the body
 * is bytes serialized and compressed once per change, so this route never reads the database,
 * serializes or compresses per request. It is declared on the default type provider because it
 * sends those bytes, not an object; the response schema still documents the route.
 */
export const visaWaitTimesRoutes: FastifyPluginAsync<{ store: WaitTimeStore }> = async (
  app,
  { store },
) => {
  app.get(
    API_PATHS.visaWaitTimes,
    {
      schema: {
        summary: 'Consulate wait times for student (F, M, J) visas at every US post',
        description:
          'Sorted by wait-time quality, then post name. Public; cache for an hour and revalidate with If-None-Match.',
        tags: ['visa wait times'],
        response: {
          200: ZVisaWaitTimesResponseSchema,
          304: z.null().describe('Not modified: the ETag in If-None-Match is current'),
        },
      },
    },
    async (request, reply) => {
      const snapshot = store.current();
      const coding = preferredCoding(request.headers['accept-encoding']);
      const { body, etag } = coding ? snapshot.compressed[coding] : snapshot;
      void reply
        .header('cache-control', WAIT_TIMES_CACHE_CONTROL)
        .header('etag', etag)
        .header('vary', 'accept-encoding');
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      if (coding) void reply.header('content-encoding', coding);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
