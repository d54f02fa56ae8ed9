import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { ZWaitlistRequestSchema, ZWaitlistResponseSchema } from '../../../shared/waitlist.js';
import { waitlistEntries } from '../../db/schema.js';
import { addressBucket, enforceRateLimit } from '../../db/rate-limit.js';

export const WAITLIST_SIGNUPS_PER_ADDRESS = { limit: 10, windowMs: 60_000 };

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.waitlist,
    {
      schema: {
        summary: 'Join the waitlist for a feature that is not built yet',
        tags: ['waitlist'],
        body: ZWaitlistRequestSchema,
        response: {
          200: ZWaitlistResponseSchema,
          400: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await enforceRateLimit(
        app.db,
        addressBucket(app.dataKeys, 'waitlist', request.ip),
        WAITLIST_SIGNUPS_PER_ADDRESS,
        'Too many sign-ups from this network. Please wait a minute and try again.',
      );
      // Signing up twice is still a success: the student wanted to be on the list, and is.
      await app.db
        .insert(waitlistEntries)
        .values({ email: request.body.email.toLowerCase(), feature: request.body.feature })
        .onConflictDoNothing();
      return { success: true as const };
    },
  );
};
