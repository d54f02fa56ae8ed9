import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ZAuthenticateCompleteRequestSchema,
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZRegisterBeginRequestSchema,
  ZRegisterCompleteRequestSchema,
  ZRegisterCompleteResponseSchema,
  ZRegistrationOptionsSchema,
  type TSimulatedCredential,
} from '../../../shared/passkeys.js';
import { HttpError } from '../../lib/http-error.js';
import { addressBucket, enforceRateLimit } from '../../db/rate-limit.js';
import { findSessionStudent } from '../auth/find-session-student.js';
import { issueSession } from '../auth/issue-session.js';
import { admitsStudent } from '../auth/resolve-session.js';
import { beginAuthentication } from './begin-authentication.js';
import { assertMayRegister, beginRegistration } from './begin-registration.js';
import { completeAuthentication, SIGN_IN_REFUSED } from './complete-authentication.js';
import { completeRegistration } from './complete-registration.js';
import { completeSimulatedAuthentication } from './complete-simulated-authentication.js';
import { completeSimulatedRegistration } from './complete-simulated-registration.js';
import { confirmedAt, proofToAddPasskey } from './passkey-change-proof.js';
import { passkeyNameFrom } from './passkey-name.js';
import { relyingPartyFor } from './relying-party.js';
import { assertSimulatedPasskeysAllowed } from './simulated-passkeys.js';

/** Each sign-in attempt stores a challenge: bound them per address so nobody can flood the table. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = { limit: 60, windowMs: 60_000 };

const errors = { 400: ZErrorResponseSchema, 401: ZErrorResponseSchema, 403: ZErrorResponseSchema };

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The student as their new full session shows them: a recovery session's profile shows the
   * recovery's identity check, the full session the student's own.
   */
  async function profileForFullSession(request: FastifyRequest) {
    if (request.sessionClaims.scope !== 'recovery') return request.student;
    const found = await findSessionStudent(app.db, request.student.id);
    if (!found) throw new HttpError(401, SIGN_IN_REFUSED);
    return found.profile;
  }

  const rp = relyingPartyFor(app.config.publicOrigin, app.config.branding.productName);

  app.post(
    API_PATHS.registerBegin,
    {
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: 'Options to create a passkey for the student of this session',
        tags: ['passkeys'],
        security: [{ bearerAuth: [] }],
        body: ZRegisterBeginRequestSchema,
        response: { 200: ZRegistrationOptionsSchema, ...errors },
      },
    },
    async (request) => {
      assertMayRegister(request.student, request.body.userId);
      // Refused here too, before the student is asked for a fingerprint that would come to nothing.
      await proofToAddPasskey(app.db, request.sessionClaims);
      return beginRegistration(app.db, rp, request.student);
    },
  );

  app.post(
    API_PATHS.registerComplete,
    {
      preHandler: app.requireOnboardingSession,
      schema: {
        summary: 'Store the new passkey and sign the student in',
        description:
          'A student who already has a passkey must have signed in with one, or confirmed it is them ' +
          '(`/api/webauthn/confirm/*`), in the last 5 minutes; otherwise 403. ' +
          'In demo mode outside production, `credential` may instead be `{ demo: true, challenge }`: ' +
          'the server makes a simulated passkey and answers it once in `simulatedCredential`.',
        tags: ['passkeys'],
        security: [{ bearerAuth: [] }],
        body: ZRegisterCompleteRequestSchema,
        response: { 200: ZRegisterCompleteResponseSchema, 409: ZErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { credential } = request.body;
      if ('demo' in credential) assertSimulatedPasskeysAllowed(app.config);
      assertMayRegister(request.student, request.body.userId);
      const session = request.sessionClaims;
      const details = {
        name: passkeyNameFrom(request.headers['user-agent']),
        signOutOtherDevices: request.body.signOutOtherDevices ?? false,
        address: request.ip,
      };
      let simulatedCredential: TSimulatedCredential | undefined;
      if ('demo' in credential) {
        simulatedCredential = await completeSimulatedRegistration(
          app.db,
          session,
          credential.challenge,
          details,
        );
      } else {
        await completeRegistration(app.db, rp, session, credential, details);
      }
      // The new session is as fresh as what allowed the passkey: onboarding or a recovery proved
      // who the student is just now; a full session keeps the time it last confirmed it.
      const authenticatedAt = session.scope === 'student' ? confirmedAt(session) : new Date();
      return {
        success: true as const,
        ...(await issueSession(app.sessionTokens, await profileForFullSession(request), {
          scope: 'student',
          authenticatedAt,
        })),
        ...(simulatedCredential ? { simulatedCredential } : {}),
      };
    },
  );

  app.post(
    API_PATHS.authenticateBegin,
    {
      schema: {
        summary: 'Options to sign in with a passkey (usernameless)',
        tags: ['passkeys'],
        body: z.object({}).loose().nullish(),
        response: { 200: ZAuthenticationOptionsSchema, 429: ZErrorResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(
        app.db,
        addressBucket(app.dataKeys, 'passkey-sign-in', request.ip),
        SIGN_IN_ATTEMPTS_PER_ADDRESS,
        'Too many sign-in attempts from this network. Please wait a minute and try again.',
      );
      return beginAuthentication(app.db, rp);
    },
  );

  app.post(
    API_PATHS.authenticateComplete,
    {
      schema: {
        summary: 'Verify a passkey sign-in and sign the student in',
        description:
          'In demo mode outside production, `credential` may instead be ' +
          '`{ demo: true, challenge, credentialId, secret }`, for a simulated passkey.',
        tags: ['passkeys'],
        body: ZAuthenticateCompleteRequestSchema,
        response: { 200: ZPasskeyCompleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { credential } = request.body;
      if ('demo' in credential) assertSimulatedPasskeysAllowed(app.config);
      const studentId =
        'demo' in credential
          ? await completeSimulatedAuthentication(app.db, credential)
          : await completeAuthentication(app.db, rp, credential);
      const found = await findSessionStudent(app.db, studentId);
      if (!admitsStudent(found, app.config.demoMode)) throw new HttpError(401, SIGN_IN_REFUSED);
      return {
        success: true as const,
        // A passkey sign-in is the assertion that lets the session change passkeys, for a while.
        ...(await issueSession(app.sessionTokens, found.profile, {
          scope: 'student',
          authenticatedAt: new Date(),
        })),
      };
    },
  );
};
