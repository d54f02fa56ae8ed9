import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  type TVerifyFaceResponse,
  ZVerifyFaceResponseSchema,
  ZVerifyWithProviderParamsSchema,
} from '../../../shared/identity-verification.js';
import { enforceRateLimit } from '../../db/rate-limit.js';
import type { IdentityProvider } from '../../integrations/identity-provider.js';
import { confirmFaceVerification, type ConfirmOutcome } from './confirm-face-verification.js';
import { verificationSubjectOf } from './verification-subject.js';

/** Each check may call the provider: bound them per student. */
export const CHECKS_PER_STUDENT = { limit: 30, windowMs: 60_000 };

const VERIFIED: TVerifyFaceResponse = { faceVerified: true, verificationResult: 'approved' };

const responses = {
  200: ZVerifyFaceResponseSchema,
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
};

/**
 * verify-face and verify-with-provider set faceVerified only from the provider's decision for this
 * student, re-checked here; what the browser says about its flow is never taken as a result.
 */
export const verifyRoutes: FastifyPluginAsyncZod<{ provider: IdentityProvider }> = async (
  app,
  { provider },
) => {
  const deps = { db: app.db, keys: app.dataKeys, provider };

  const limitChecks = (studentId: string) =>
    enforceRateLimit(
      app.db,
      `identity:check:${studentId}`,
      CHECKS_PER_STUDENT,
      'Too many checks. Please wait a minute and try again.',
    );

  function answer(outcome: ConfirmOutcome) {
    if (outcome.kind === 'verified') return { status: 200 as const, body: VERIFIED };
    if (outcome.kind === 'unknown_session')
      return { status: 404 as const, body: { message: 'Not found' } };
    return { status: 409 as const, body: { message: outcome.message } };
  }

  app.post(
    API_PATHS.verifyFace,
    {
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: "Confirm the signed-in student's identity check",
        description:
          "Answers 200 only when the provider approved this student's current verification (and the document is the passport on file); 409 otherwise.",
        tags: ['identity-verification'],
        security: [{ bearerAuth: [] }],
        response: responses,
      },
    },
    async (request, reply) => {
      await limitChecks(request.student.id);
      const { status, body } = answer(
        await confirmFaceVerification(
          { ...deps, log: request.log },
          verificationSubjectOf(request.sessionClaims),
        ),
      );
      return reply.status(status).send(body);
    },
  );

  app.post(
    API_PATHS.veriffVerify,
    {
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: 'Confirm one identity verification session of the signed-in student',
        description:
          "The session must be the student's own (404 otherwise). Answers 200 only when the provider approved it; 409 otherwise.",
        tags: ['identity-verification'],
        security: [{ bearerAuth: [] }],
        params: ZVerifyWithProviderParamsSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      await limitChecks(request.student.id);
      const outcome = await confirmFaceVerification(
        { ...deps, log: request.log },
        verificationSubjectOf(request.sessionClaims),
        request.params.sessionId,
      );
      const { status, body } = answer(outcome);
      return reply.status(status).send(body);
    },
  );
};
