import type { RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponseSchema } from '../../../shared/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's handler judges the session in its own read (readAsVerifiedStudent, decisions 009
     * and 012): the scope's hook leaves it alone, so the session is not read a second time.
     */
    sessionCheckedRead?: true;
  }
}

/** What every route of the scope may answer besides its own: no session (401), not verified (403). */
const REFUSALS = { 401: ZErrorResponseSchema, 403: ZErrorResponseSchema };

/** Documents a route of the scope as a bearer route that may answer the refusals. */
function withRefusals(route: RouteOptions): void {
  const schema = route.schema ?? {};
  route.schema = {
    ...schema,
    security: [{ bearerAuth: [] }],
    response: { ...(schema.response as Record<number, unknown> | undefined), ...REFUSALS },
  };
}

/**
 * The routes of a face-verified student's own data, registered in one encapsulated scope so that
 * none can forget its guard: every route in it is refused to a caller without a full session (401)
 * or whose identity check is not approved (403), and documents both answers and its bearer
 * security. A route whose handler reads its data with the session in one query opts out of the
 * hook with `config: { sessionCheckedRead: true }` and calls readAsVerifiedStudent, which answers
 * the same refusals; the access-control matrix refuses any route of the API that lets a caller
 * without a session through.
 */
export const verifiedStudentScope: FastifyPluginAsyncZod<{
  routes: FastifyPluginAsyncZod[];
}> = async (scope, { routes }) => {
  scope.addHook('onRoute', withRefusals);
  scope.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.sessionCheckedRead) return;
    await scope.requireVerifiedStudent(request, reply);
  });
  for (const route of routes) await scope.register(route);
};
