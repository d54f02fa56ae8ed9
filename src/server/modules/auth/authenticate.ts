import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TUserProfile } from '../../../shared/auth.js';
import type { TErrorResponse } from '../../../shared/errors.js';
import { HttpError } from '../../lib/http-error.js';
import { judgeSession, resolveSession } from './resolve-session.js';
import type { SessionCheckedRead, SessionRef } from './session-checked-read.js';
import type { SessionClaims, SessionScope } from './session-claims.js';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes of a signed-in student (full session); 401 otherwise. */
    requireStudent: PreHandler;
    /**
     * preHandler for the onboarding steps (identity check, passkey registration): a full session,
     * the onboarding session of a lookup while its invite is open (until the student's first
     * passkey uses it), or a recovery session while its recovery is open (until its new passkey).
     */
    requireOnboardingSession: PreHandler;
    /**
     * preHandler for the portal's own data: a full session (401 otherwise) of a face-verified
     * student (403 otherwise). Every route of verifiedStudentScope runs it, or its one-query form
     * readAsVerifiedStudent.
     */
    requireVerifiedStudent: PreHandler;
    /**
     * requireVerifiedStudent in one database round trip instead of two, for a route whose one
     * read of the student's own data also selects the session's columns (sessionCheckedReads): the
     * token is verified, `read` runs for its student and session, and the session is judged on
     * what that read found. Answers the data, or throws the same 401 and 403 as
     * requireVerifiedStudent. `read` answers null when the student is gone.
     */
    readAsVerifiedStudent<T>(
      request: FastifyRequest,
      read: (session: SessionRef) => Promise<SessionCheckedRead<T> | null>,
    ): Promise<T>;
  }
  interface FastifyRequest {
    /**
     * Set by the preHandlers above and readAsVerifiedStudent: the student the session belongs
     * to, and what it may do.
     */
    student: TUserProfile;
    /** Set with `student`: the session's claims (an onboarding session's invite among them). */
    sessionClaims: SessionClaims;
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized: please sign in again.';
export const NOT_VERIFIED = 'Please complete identity verification first.';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The spec keeps the token in sessionStorage and sends it as a bearer header on every call, so
 * this is the one place a request becomes a student. Every refusal looks the same to the caller.
 */
export const authenticate = fp(async (app: FastifyInstance) => {
  app.decorateRequest('student', null as unknown as TUserProfile);
  // Declared without a value: Fastify's typing cannot take a union (the claims) as one.
  app.decorateRequest('sessionClaims');

  /** The claims of the request's bearer token when it is valid and of a scope allowed here. */
  const claimsOf = async (request: FastifyRequest, allowed: readonly SessionScope[]) => {
    const token = bearerToken(request);
    const claims = token ? await app.sessionTokens.verify(token) : null;
    return claims && allowed.includes(claims.scope) ? claims : null;
  };

  const requireScopes = (allowed: readonly SessionScope[]): PreHandler =>
    async function requireSession(request, reply) {
      const claims = await claimsOf(request, allowed);
      const student = claims ? await resolveSession(app.db, claims, app.config.demoMode) : null;
      if (!claims || !student) {
        const body: TErrorResponse = { message: UNAUTHORIZED_MESSAGE };
        await reply.status(401).send(body);
        return;
      }
      request.student = student;
      request.sessionClaims = claims;
    };

  const requireStudent = requireScopes(['student']);
  app.decorate('requireStudent', requireStudent);
  app.decorate('requireVerifiedStudent', async (request: FastifyRequest, reply: FastifyReply) => {
    await requireStudent(request, reply);
    if (reply.sent || request.student.faceVerified) return;
    const body: TErrorResponse = { message: NOT_VERIFIED };
    await reply.status(403).send(body);
  });
  app.decorate('requireOnboardingSession', requireScopes(['student', 'onboarding', 'recovery']));

  app.decorate(
    'readAsVerifiedStudent',
    async <T>(
      request: FastifyRequest,
      read: (session: SessionRef) => Promise<SessionCheckedRead<T> | null>,
    ): Promise<T> => {
      const claims = await claimsOf(request, ['student']);
      const found = claims
        ? await read({ studentId: claims.studentId, sessionId: claims.sessionId })
        : null;
      const student =
        claims && found ? judgeSession(claims, found.session, app.config.demoMode) : null;
      if (!claims || !found || !student) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      if (!student.faceVerified) throw new HttpError(403, NOT_VERIFIED);
      request.student = student;
      request.sessionClaims = claims;
      return found.data;
    },
  );
});
