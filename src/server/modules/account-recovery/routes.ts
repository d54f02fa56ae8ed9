import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZStartRecoveryRequestSchema,
  ZStartRecoveryResponseSchema,
} from '../../../shared/account-recovery.js';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { addressBucket, enforceRateLimit } from '../../db/rate-limit.js';
import { findSessionStudent } from '../auth/find-session-student.js';
import { issueSession } from '../auth/issue-session.js';
import { findRecoverableStudent } from './find-recoverable-student.js';
import { openRecovery } from './open-recovery.js';

/** As many a minute from one address as the invite lookup allows: an office helps many students. */
export const RECOVERY_LOOKUPS_PER_ADDRESS = { limit: 30, windowMs: 60_000 };
const TOO_MANY_LOOKUPS = 'Too many attempts from this network. Please wait a minute and try again.';

export const accountRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.recovery,
    {
      schema: {
        summary: 'Start recovering an account on a new device (passport number and birth date)',
        description:
          'Answers a recovery session, good only for a new identity check and a new passkey, which ' +
          'revokes every other; or `no_match`, the same for every kind of miss.',
        tags: ['account-recovery'],
        body: ZStartRecoveryRequestSchema,
        response: {
          200: ZStartRecoveryResponseSchema,
          400: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const bucket = addressBucket(app.dataKeys, 'recovery', request.ip);
      await enforceRateLimit(app.db, bucket, RECOVERY_LOOKUPS_PER_ADDRESS, TOO_MANY_LOOKUPS);
      const studentId = await findRecoverableStudent(
        app.db,
        app.dataKeys,
        request.body,
        app.config.demoMode,
      );
      const found = studentId ? await findSessionStudent(app.db, studentId) : null;
      if (!studentId || !found) return { error: 'no_match' as const };
      const recoveryId = await openRecovery(app.db, studentId, request.ip);
      // The recovery's own check has not begun: the session shows it pending.
      const profile = { ...found.profile, faceVerified: false, verificationResult: 'pending' };
      return issueSession(app.sessionTokens, profile, { scope: 'recovery', recoveryId });
    },
  );
};
