import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  VERIFICATION_SESSION_MESSAGES,
  ZCreateVerificationSessionRequestSchema,
  ZCreateVerificationSessionResponseSchema,
  ZVerificationStatusParamsSchema,
  ZVerificationStatusResponseSchema,
} from '../../../shared/identity-verification.js';
import { enforceRateLimit, returnRateLimitHit } from '../../db/rate-limit.js';
import {
  type IdentityProvider,
  IdentityProviderError,
} from '../../integrations/identity-provider.js';
import { createVerificationSession } from './create-verification-session.js';
import { readVerificationStatus } from './read-verification-status.js';
import { verificationSubjectOf } from './verification-subject.js';

/** Each provider session is billed: a student gets a handful an hour, plenty for honest retries. */
export const SESSIONS_PER_STUDENT = { limit: 10, windowMs: 60 * 60_000 };
/** The spec's /face-verification page: where the provider sends the student back by default. */
const VERIFICATION_PAGE = '/face-verification';

export const NOT_YOUR_ACCOUNT =
  'You can only verify the identity of the account you are signed in to.';
export const ALREADY_VERIFIED = 'Your identity is already verified.';
const NOT_FOUND = 'Not found';

export const sessionRoutes: FastifyPluginAsyncZod<{ provider: IdentityProvider }> = async (
  app,
  { provider },
) => {
  const { publicOrigin } = app.config;

  app.post(
    API_PATHS.veriffSession,
    {
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: 'Open an identity verification session for the signed-in student',
        description:
          'Needs an onboarding or full session. vendorData and pendingUserId, when sent, must be the signed-in student.',
        tags: ['identity-verification'],
        security: [{ bearerAuth: [] }],
        body: ZCreateVerificationSessionRequestSchema,
        response: {
          200: ZCreateVerificationSessionResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
          502: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { student } = request;
      const { callback, vendorData, pendingUserId } = request.body;
      // The page sends the ids it has stored; they can only ever name the session's own student.
      if ([vendorData, pendingUserId].some((id) => id !== undefined && id !== student.id)) {
        return reply.status(403).send({ message: NOT_YOUR_ACCOUNT });
      }
      // The provider redirects the student to `callback`: only pages of this portal, so the
      // portal's name cannot be lent to a redirect elsewhere.
      if (callback !== undefined && new URL(callback).origin !== publicOrigin) {
        return reply.status(400).send({ message: `callback must be a page of ${publicOrigin}` });
      }
      if (student.faceVerified) return reply.status(409).send({ message: ALREADY_VERIFIED });

      const bucket = `identity:session:${student.id}`;
      await enforceRateLimit(
        app.db,
        bucket,
        SESSIONS_PER_STUDENT,
        'Too many verification attempts. Please wait and try again later.',
      );
      try {
        return await createVerificationSession(app.db, provider, student, {
          subject: verificationSubjectOf(request.sessionClaims),
          callbackUrl: callback ?? `${publicOrigin}${VERIFICATION_PAGE}`,
        });
      } catch (error) {
        if (!(error instanceof IdentityProviderError)) throw error;
        request.log.warn({ err: error.message }, 'identity session not created');
        // The provider's outage is not the student's attempt: they keep what the limit allows.
        await returnRateLimitHit(app.db, bucket);
        return reply
          .status(502)
          .send({ message: VERIFICATION_SESSION_MESSAGES.createSessionFailed });
      }
    },
  );

  app.get(
    API_PATHS.veriffStatus,
    {
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: "The signed-in student's identity verification status",
        description: 'Only the signed-in student: any other userId answers 404.',
        tags: ['identity-verification'],
        security: [{ bearerAuth: [] }],
        params: ZVerificationStatusParamsSchema,
        response: {
          200: ZVerificationStatusResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Another student's id answers exactly like an id that does not exist.
      if (request.params.userId !== request.student.id) {
        return reply.status(404).send({ message: NOT_FOUND });
      }
      const status = await readVerificationStatus(
        app.db,
        verificationSubjectOf(request.sessionClaims),
      );
      if (!status) return reply.status(404).send({ message: NOT_FOUND });
      return status;
    },
  );
};
