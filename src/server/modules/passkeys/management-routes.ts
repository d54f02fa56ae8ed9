import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ZAuthenticateCompleteRequestSchema,
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZPasskeyIdParamsSchema,
  ZPasskeyListResponseSchema,
  ZRemovePasskeyRequestSchema,
  ZRemovePasskeyResponseSchema,
} from '../../../shared/passkeys.js';
import { endSession } from '../auth/end-session.js';
import { issueSession } from '../auth/issue-session.js';
import { beginConfirmation } from './begin-authentication.js';
import { completeConfirmation } from './complete-confirmation.js';
import { listPasskeys } from './list-passkeys.js';
import { confirmedAt } from './passkey-change-proof.js';
import { relyingPartyFor } from './relying-party.js';
import { removePasskey } from './remove-passkey.js';
import { assertSimulatedPasskeysAllowed } from './simulated-passkeys.js';

/**
 * The signed-in student's own passkeys (decision 013): the list, removal, and "confirm it's you",
 * the fresh passkey assertion that adding or removing a passkey needs. Every route is for a full
 * session and only ever touches the session's own student.
 */
export const passkeyManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyFor(app.config.publicOrigin, app.config.branding.productName);
  const security = [{ bearerAuth: [] }];

  app.get(
    API_PATHS.passkeys,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "The signed-in student's passkeys",
        tags: ['passkeys'],
        security,
        response: { 200: ZPasskeyListResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => ({ passkeys: await listPasskeys(app.db, request.student.id) }),
  );

  app.delete(
    API_PATHS.passkey,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "Remove one of the signed-in student's passkeys",
        description:
          'Needs a passkey sign-in or confirmation in the last 5 minutes (403 otherwise). The only ' +
          'passkey is never removed (409). With `signOutOtherDevices`, every other session of the ' +
          "student ends and `session` is this device's new token.",
        tags: ['passkeys'],
        security,
        params: ZPasskeyIdParamsSchema,
        body: ZRemovePasskeyRequestSchema,
        response: {
          200: ZRemovePasskeyResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const signOutOtherDevices = request.body?.signOutOtherDevices ?? false;
      const session = request.sessionClaims;
      await removePasskey(app.db, session, request.params.id, { signOutOtherDevices });
      if (!signOutOtherDevices) return {};
      return {
        session: await issueSession(app.sessionTokens, request.student, {
          scope: 'student',
          authenticatedAt: confirmedAt(session),
        }),
      };
    },
  );

  app.post(
    API_PATHS.confirmBegin,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "Options to confirm it's the signed-in student, with one of their passkeys",
        tags: ['passkeys'],
        security,
        body: z.object({}).loose().nullish(),
        response: { 200: ZAuthenticationOptionsSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => beginConfirmation(app.db, rp, request.student.id),
  );

  app.post(
    API_PATHS.confirmComplete,
    {
      preHandler: app.requireStudent,
      schema: {
        summary: "Confirm it's the signed-in student: a new token that may change passkeys",
        description:
          "The assertion must come from one of the session's student's own passkeys (403 " +
          'otherwise). The token sent is ended; the new one may add or remove a passkey for 5 ' +
          'minutes. In demo mode outside production, `credential` may be a simulated passkey.',
        tags: ['passkeys'],
        security,
        body: ZAuthenticateCompleteRequestSchema,
        response: {
          200: ZPasskeyCompleteResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { credential } = request.body;
      if ('demo' in credential) assertSimulatedPasskeysAllowed(app.config);
      await completeConfirmation(app.db, rp, request.student.id, credential);
      // One token a device: the old one, never confirmed, ends rather than lives on beside it.
      await endSession(app.db, request.sessionClaims);
      return {
        success: true as const,
        ...(await issueSession(app.sessionTokens, request.student, {
          scope: 'student',
          authenticatedAt: new Date(),
        })),
      };
    },
  );
};
