import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { type StaffCookie, staffCookieFor, staffCookieSecret } from './staff-session-cookie.js';
import { findStaffCaller, type StaffCaller } from './staff-sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff session's cookie: its name and whether it is Secure, from PUBLIC_ORIGIN. */
    staffCookie: StaffCookie;
  }
  interface FastifyRequest {
    /** Set by staffScope's hook: the staff member whose session the request carries. */
    staff: StaffCaller;
  }
  interface FastifyContextConfig {
    /** The roles that may call a route of staffScope; every role when absent. */
    staffRoles?: readonly TStaffRole[];
  }
}

export const STAFF_UNAUTHORIZED = 'Your session has ended. Please sign in again.';
export const STAFF_FOREIGN_ORIGIN = 'This request did not come from the staff console.';
export const STAFF_ROLE_REFUSED = 'Your role does not allow this.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing staff request must say it comes from the portal's own pages: its Origin is
 * PUBLIC_ORIGIN (docs/decisions/017). With SameSite=Strict this is the second of two locks against
 * another site's page acting with a staff member's cookie.
 */
export async function refuseForeignOrigin(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.origin === request.server.config.publicOrigin) return;
  return reply.status(403).send({ message: STAFF_FOREIGN_ORIGIN });
}

/** What every route of the scope may answer besides its own. */
const REFUSALS = { 401: ZErrorResponseSchema, 403: ZErrorResponseSchema };

function withStaffRefusals(route: RouteOptions): void {
  const schema = route.schema ?? {};
  route.schema = {
    ...schema,
    security: [{ staffSession: [] }],
    response: { ...(schema.response as Record<number, unknown> | undefined), ...REFUSALS },
  };
}

/** Decorates the app with the staff cookie's settings; registered once, before any staff route. */
export const staffSessions = fp(async (app) => {
  app.decorate('staffCookie', staffCookieFor(app.config.publicOrigin));
  app.decorateRequest('staff', null as unknown as StaffCaller);
});

/**
 * The staff console's routes, registered in one encapsulated scope (the shape of
 * verifiedStudentScope, docs/decisions/016) so none can forget its guard: a request without a
 * live staff session is refused (401) before its body is read, a state-changing one from another
 * origin too (403), and a route that names its roles refuses the others (403). A student's
 * bearer token is not a staff session: it opens nothing here. Which students a caller sees is
 * the rule of students-in-scope.ts, which every route's query uses.
 */
export const staffScope: FastifyPluginAsyncZod<{ routes: FastifyPluginAsyncZod[] }> = async (
  scope,
  { routes },
) => {
  scope.addHook('onRoute', withStaffRefusals);
  scope.addHook('onRequest', refuseForeignOrigin);
  scope.addHook('onRequest', async (request, reply) => {
    const secret = staffCookieSecret(request, scope.staffCookie);
    const caller = secret ? await findStaffCaller(scope.db, secret, scope.config.demoMode) : null;
    if (!caller) return reply.status(401).send({ message: STAFF_UNAUTHORIZED });
    const roles = request.routeOptions.config.staffRoles;
    if (roles && !roles.includes(caller.role))
      return reply.status(403).send({ message: STAFF_ROLE_REFUSED });
    request.staff = caller;
  });
  for (const route of routes) await scope.register(route);
};
