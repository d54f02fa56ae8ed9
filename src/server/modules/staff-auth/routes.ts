import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  type TStaffSessionResponse,
  ZStaffDemoLoginRequestSchema,
  ZStaffSessionResponseSchema,
} from '../../../shared/staff.js';
import { addressBucket, enforceRateLimit } from '../../db/rate-limit.js';
import { staff } from '../../db/schema.js';
import { clearStaffCookie, setStaffCookie, staffCookieSecret } from './staff-session-cookie.js';
import { refuseForeignOrigin } from './staff-scope.js';
import {
  endStaffSession,
  findStaffCaller,
  pruneStaffSessions,
  startStaffSession,
  type StaffCaller,
} from './staff-sessions.js';

/** A staff demo login writes one session row: as many an hour as a room of visitors needs. */
const STAFF_DEMO_LOGINS_PER_ADDRESS = { limit: 100, windowMs: 60 * 60_000 };
const TOO_MANY_DEMO_LOGINS = 'Too many demo sign-ins from this network. Please try again later.';

/** What a staff sign-in and the session read answer: the staff member, never the session. */
export const staffSessionAnswer = (caller: StaffCaller): TStaffSessionResponse => ({
  staff: {
    id: caller.id,
    name: caller.name,
    role: caller.role,
    organisationName: caller.organisationName,
  },
});

/** The staff routes a caller reaches before having a session: signing in. */
export const staffSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addExpiredRowsPruning('staffSessions', () => pruneStaffSessions(app.db));
  app.addHook('onRequest', refuseForeignOrigin);

  app.post(
    STAFF_API_PATHS.staffDemoLogin,
    {
      schema: {
        summary: 'Sign in to the staff console as a demo staff member (demo mode only)',
        description:
          'The seeded administrator, agent (of the demo agency) or school officer (of the school ' +
          'requiring MOI). The session travels in an HttpOnly cookie.',
        tags: ['staff'],
        body: ZStaffDemoLoginRequestSchema,
        response: {
          200: ZStaffSessionResponseSchema,
          403: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Outside demo mode the route does not exist, as far as any caller can tell.
      if (!app.config.demoMode) return reply.status(404).send({ message: 'Not found' });
      await enforceRateLimit(
        app.db,
        addressBucket(app.dataKeys, 'staff-demo-login', request.ip),
        STAFF_DEMO_LOGINS_PER_ADDRESS,
        TOO_MANY_DEMO_LOGINS,
      );
      const [member] = await app.db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, request.body.role), eq(staff.demo, true)))
        .limit(1);
      const secret = member ? await startStaffSession(app.db, member.id) : null;
      const caller = secret ? await findStaffCaller(app.db, secret, true) : null;
      if (!secret || !caller)
        return reply.status(404).send({ message: 'The demo staff have not been seeded.' });
      setStaffCookie(reply, app.staffCookie, secret);
      return staffSessionAnswer(caller);
    },
  );
};

/** The signed-in staff member's own session: who they are, and signing out. */
export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffSession,
    {
      schema: {
        summary: 'The signed-in staff member',
        tags: ['staff'],
        response: { 200: ZStaffSessionResponseSchema },
      },
    },
    async (request) => staffSessionAnswer(request.staff),
  );

  app.delete(
    STAFF_API_PATHS.staffSession,
    {
      schema: {
        summary: 'Sign out of the staff console',
        description: 'The session ends on the server: its cookie opens nothing from now on.',
        tags: ['staff'],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const secret = staffCookieSecret(request, app.staffCookie);
      if (secret) await endStaffSession(app.db, secret);
      clearStaffCookie(reply, app.staffCookie);
      return reply.status(204).send(null);
    },
  );
};
