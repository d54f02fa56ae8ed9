import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../../shared/errors.js';
import { SIMULATED_DECLINE_REASON_KEYS } from '../../../integrations/simulated/build-decision-payload.js';
import type { SimulatedIdentityProvider } from '../../../integrations/simulated/simulated-provider.js';
import { deliverSimulatedDecision } from './deliver-simulated-decision.js';
import { findSimulatedSession } from './find-simulated-session.js';
import { renderSimulatedMessagePage, renderSimulatedSessionPage } from './simulated-pages.js';
import { SIMULATED_PROVIDER_CSS } from './simulated-styles.js';

/**
 * The app forbids framing everywhere (frame-ancestors 'none'); these pages are shown in an overlay
 * of our own verification page, so they alone may be framed, by our own origin only. They run no
 * script at all, so their policy is stricter than the app's in every other respect.
 */
const FRAMABLE_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-security-policy', FRAMABLE_PAGE_POLICY)
    .header('x-frame-options', 'SAMEORIGIN')
    .type('text/html; charset=utf-8')
    .send(html);
}

const ZParamsSchema = z.object({ sessionId: z.string().max(100) });
const ZDecisionFormSchema = z.discriminatedUnion('decision', [
  z.object({ token: z.string().max(200), decision: z.literal('approve') }),
  z.object({
    token: z.string().max(200),
    decision: z.literal('decline'),
    reason: z.enum(SIMULATED_DECLINE_REASON_KEYS, {
      message: 'reason must be one of the listed reasons',
    }),
  }),
]);

const UNKNOWN_SESSION = 'Unknown verification session.';
const ALREADY_DECIDED_TEXT =
  'This verification already has a decision. To verify again, start a new verification from the portal.';

/** The simulated provider's own pages: registered only when it is the configured provider. */
export const simulatedRoutes: FastifyPluginAsyncZod<{
  provider: SimulatedIdentityProvider;
}> = async (app, { provider }) => {
  // The page's forms post as browsers do (urlencoded); only this plugin reads that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(API_PATHS.simulatedIdentityStyles, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(SIMULATED_PROVIDER_CSS),
  );

  app.get(
    API_PATHS.simulatedIdentityPage,
    { schema: { hide: true, params: ZParamsSchema, response: { 404: ZErrorResponseSchema } } },
    async (request, reply) => {
      const session = await findSimulatedSession(app.db, request.params.sessionId);
      if (!session) return reply.status(404).send({ message: UNKNOWN_SESSION });
      if (session.decided) {
        return sendPage(
          reply,
          200,
          renderSimulatedMessagePage('Already decided', ALREADY_DECIDED_TEXT),
        );
      }
      return sendPage(
        reply,
        200,
        renderSimulatedSessionPage({
          providerSessionId: session.providerSessionId,
          firstName: session.firstName,
          lastName: session.lastName,
          formToken: provider.formToken(session.providerSessionId),
        }),
      );
    },
  );

  app.post(
    API_PATHS.simulatedIdentityDecision,
    {
      schema: {
        hide: true,
        params: ZParamsSchema,
        body: ZDecisionFormSchema,
        response: {
          400: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          502: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params;
      // The token is in the page only: another site can neither read it nor post without it.
      if (!provider.hasValidFormToken(sessionId, request.body.token)) {
        return reply
          .status(403)
          .send({ message: 'This form has expired. Please reload the page.' });
      }
      const session = await findSimulatedSession(app.db, sessionId);
      if (!session) return reply.status(404).send({ message: UNKNOWN_SESSION });
      if (session.decided) return reply.status(409).send({ message: ALREADY_DECIDED_TEXT });

      const form = request.body;
      const status = await deliverSimulatedDecision(
        app,
        { provider, keys: app.dataKeys },
        session,
        form.decision === 'approve'
          ? { kind: 'approve' }
          : { kind: 'decline', reason: form.reason },
      );
      if (status !== 200) {
        request.log.warn({ sessionId, webhookStatus: status }, 'simulated decision refused');
        return reply.status(502).send({ message: 'The decision could not be delivered.' });
      }
      return sendPage(
        reply,
        200,
        renderSimulatedMessagePage(
          'Decision sent',
          'The decision was sent to the portal. You can close this window.',
        ),
      );
    },
  );
};
