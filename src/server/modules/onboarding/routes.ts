import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../../shared/auth.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ZGetStudentIdRequestSchema,
  ZGetStudentIdResponseSchema,
  ZVerifyUserRequestSchema,
} from '../../../shared/onboarding.js';
import { addressBucket, enforceRateLimit } from '../../db/rate-limit.js';
import { resolveSession } from '../auth/resolve-session.js';
import { issueSession } from '../auth/issue-session.js';
import {
  createLookupProofSigner,
  LOOKUP_PROOF_COOKIE,
  LOOKUP_PROOF_TTL_SECONDS,
} from './lookup-proof.js';
import { lookupStudent } from './lookup-student.js';

/** An agency office may onboard many students from one address: 30 lookups a minute each. */
export const LOOKUPS_PER_ADDRESS = { limit: 30, windowMs: 60_000 };
const TOO_MANY_LOOKUPS = 'Too many attempts from this network. Please wait a minute and try again.';
const PROOF_MISSING =
  'Your sign-up step has expired. Please enter your invite code, passport number and date of birth again.';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const proofs = createLookupProofSigner(app.config.tokenSecret);
  const secureCookies = app.config.publicOrigin.startsWith('https://');

  app.post(
    API_PATHS.getStudentId,
    {
      schema: {
        summary: 'Find the student an invite code belongs to (onboarding, step 1)',
        tags: ['onboarding'],
        body: ZGetStudentIdRequestSchema,
        response: {
          200: ZGetStudentIdResponseSchema,
          400: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const bucket = addressBucket(app.dataKeys, 'lookup', request.ip);
      await enforceRateLimit(app.db, bucket, LOOKUPS_PER_ADDRESS, TOO_MANY_LOOKUPS);
      const { invite_code, passport_number, date_of_birth } = request.body;
      const match = await lookupStudent(
        app.db,
        app.dataKeys,
        {
          inviteCode: invite_code,
          passportNumber: passport_number,
          dateOfBirth: date_of_birth.slice(0, 10),
        },
        app.config.demoMode,
      );
      if (match === 'has_account') return { student_id: null, error: 'has_account' as const };
      if (!match) return { student_id: null, error: 'no_match' as const };

      void reply.setCookie(LOOKUP_PROOF_COOKIE, await proofs.issue(match.id, match.inviteId), {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: '/api/auth',
        maxAge: LOOKUP_PROOF_TTL_SECONDS,
      });
      return {
        student_id: match.id,
        first_name: match.firstName,
        last_name: match.lastName,
        userProfile: { id: match.id, email: match.email, faceVerified: match.faceVerified },
      };
    },
  );

  app.post(
    API_PATHS.verifyUser,
    {
      schema: {
        summary: 'Exchange a fresh lookup for an onboarding session',
        description:
          'Needs the HttpOnly proof cookie the lookup set in this browser. The session allows only the identity check and passkey registration.',
        tags: ['onboarding'],
        body: ZVerifyUserRequestSchema,
        response: {
          200: ZLoginResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const proof = await proofs.verify(request.cookies[LOOKUP_PROOF_COOKIE]);
      // The proof becomes a session only while the session it would be still holds: a proof of a
      // lookup whose invite has since been used or revoked is refused like a missing one.
      const student =
        proof?.studentId === request.body.studentId
          ? await resolveSession(app.db, { ...proof, scope: 'onboarding' }, app.config.demoMode)
          : null;
      if (!proof || !student) return reply.status(401).send({ message: PROOF_MISSING });
      return issueSession(app.sessionTokens, student, {
        scope: 'onboarding',
        inviteId: proof.inviteId,
      });
    },
  );
};
