import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { ZStaffSessionResponseSchema } from '../../../shared/staff.js';
import {
  ZEnrolBeginRequestSchema,
  ZEnrolBeginResponseSchema,
  ZEnrolCompleteRequestSchema,
  ZStaffSignInBeginResponseSchema,
  ZStaffSignInCompleteRequestSchema,
} from '../../../shared/staff-team.js';
import { addressBucket, enforceRateLimit, type RateLimitRule } from '../../db/rate-limit.js';
import { HttpError } from '../../lib/http-error.js';
import { SIGN_IN_REFUSED } from '../passkeys/complete-authentication.js';
import { relyingPartyFor } from '../passkeys/relying-party.js';
import { SIGN_IN_ATTEMPTS_PER_ADDRESS } from '../passkeys/routes.js';
import { staffSessionAnswer } from '../staff-auth/routes.js';
import { setStaffCookie } from '../staff-auth/staff-session-cookie.js';
import { refuseForeignOrigin } from '../staff-auth/staff-scope.js';
import { findStaffCaller } from '../staff-auth/staff-sessions.js';
import { beginStaffEnrolment } from './begin-staff-enrolment.js';
import { beginStaffSignIn } from './begin-staff-sign-in.js';
import { completeStaffEnrolment } from './complete-staff-enrolment.js';
import { completeStaffSignIn } from './complete-staff-sign-in.js';
import { pruneEnrolmentLinks } from './enrolment-links.js';

const TOO_MANY_ENROLMENTS = 'Too many enrolment attempts from this network. Please wait a minute.';
const TOO_MANY_SIGN_INS =
  'Too many sign-in attempts from this network. Please wait a minute and try again.';

const refusals = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
};

/**
 * The staff routes a caller reaches before having a session: enrolling a passkey with an
 * enrolment link, and signing in with it. Outside staffScope (there is no session yet), but
 * state-changing like every staff request, so they too must come from the portal's own pages
 * (the Origin check). Each begin and complete counts against its ceremony's limit per address:
 * each stores a challenge or tries one, so nobody can flood the table or try links in bulk.
 */
export const staffPasskeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyFor(app.config.publicOrigin, app.config.branding.productName);
  app.addExpiredRowsPruning('staffEnrolmentLinks', () => pruneEnrolmentLinks(app.db));
  app.addHook('onRequest', refuseForeignOrigin);

  const limit = (name: string, message: string, rule: RateLimitRule, ip: string) =>
    enforceRateLimit(app.db, addressBucket(app.dataKeys, name, ip), rule, message);

  app.post(
    STAFF_API_PATHS.staffEnrolBegin,
    {
      schema: {
        summary: "Options to register a staff member's passkey, with their enrolment link",
        description:
          'The token is the one of the link `/staff/enrol#token=…`. An unknown, used, expired or ' +
          'replaced link, or one of a disabled account, is a 410.',
        tags: ['staff'],
        body: ZEnrolBeginRequestSchema,
        response: { 200: ZEnrolBeginResponseSchema, 410: ZErrorResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await limit('staff-enrol', TOO_MANY_ENROLMENTS, SIGN_IN_ATTEMPTS_PER_ADDRESS, request.ip);
      const { name, options } = await beginStaffEnrolment(app.db, rp, request.body.token);
      // The contract types the options as a JSON object; a copy of SimpleWebAuthn's is one.
      return { name, options: { ...options } };
    },
  );

  app.post(
    STAFF_API_PATHS.staffEnrolComplete,
    {
      schema: {
        summary: 'Store the staff passkey, use the enrolment link up and sign in',
        description: 'The session travels in an HttpOnly cookie.',
        tags: ['staff'],
        body: ZEnrolCompleteRequestSchema,
        response: {
          200: ZStaffSessionResponseSchema,
          409: ZErrorResponseSchema,
          410: ZErrorResponseSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await limit('staff-enrol', TOO_MANY_ENROLMENTS, SIGN_IN_ATTEMPTS_PER_ADDRESS, request.ip);
      const secret = await completeStaffEnrolment(app.db, rp, {
        token: request.body.token,
        response: request.body.response,
        address: request.ip,
      });
      return startCookieSession(secret, reply);
    },
  );

  app.post(
    STAFF_API_PATHS.staffSignInBegin,
    {
      schema: {
        summary: 'Options to sign in to the staff console with a passkey (usernameless)',
        tags: ['staff'],
        body: z.object({}).loose().nullish(),
        response: { 200: ZStaffSignInBeginResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await limit('staff-sign-in', TOO_MANY_SIGN_INS, SIGN_IN_ATTEMPTS_PER_ADDRESS, request.ip);
      return { options: { ...(await beginStaffSignIn(app.db, rp)) } };
    },
  );

  app.post(
    STAFF_API_PATHS.staffSignInComplete,
    {
      schema: {
        summary: 'Verify a staff passkey sign-in and start a staff session',
        description:
          "Only a staff member's passkey signs in here; every failure is the same 401. The " +
          'session travels in an HttpOnly cookie.',
        tags: ['staff'],
        body: ZStaffSignInCompleteRequestSchema,
        response: { 200: ZStaffSessionResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await limit('staff-sign-in', TOO_MANY_SIGN_INS, SIGN_IN_ATTEMPTS_PER_ADDRESS, request.ip);
      const secret = await completeStaffSignIn(app.db, rp, {
        response: request.body.response,
        demoMode: app.config.demoMode,
        address: request.ip,
      });
      return startCookieSession(secret, reply);
    },
  );

  /** Sets the new session's cookie and answers who it is for. */
  async function startCookieSession(secret: string, reply: Parameters<typeof setStaffCookie>[0]) {
    const caller = await findStaffCaller(app.db, secret, app.config.demoMode);
    if (!caller) throw new HttpError(401, SIGN_IN_REFUSED);
    setStaffCookie(reply, app.staffCookie, secret);
    return staffSessionAnswer(caller);
  }
};
