import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import type { IdentityProvider } from '../../integrations/identity-provider.js';
import { applyDecision, type DecisionOutcome } from './apply-decision.js';
import { applyEvent, type EventOutcome } from './apply-event.js';

/** A decision with every check Veriff offers is a few kilobytes; this leaves room and no more. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const INVALID_SIGNATURE = 'Missing or invalid webhook signature.';
const ZAcknowledgedSchema = z.object({ received: z.literal(true) });

/** A webhook's route options: both are signed alike and answer alike. */
const signedWebhook = (summary: string) => ({
  schema: {
    summary,
    description:
      'Signed with X-HMAC-SIGNATURE: the hex HMAC-SHA256 of the raw body keyed with the shared secret.',
    tags: ['identity-verification'],
    response: {
      200: ZAcknowledgedSchema,
      400: ZErrorResponseSchema,
      401: ZErrorResponseSchema,
      404: ZErrorResponseSchema,
      409: ZErrorResponseSchema,
    },
  },
});

const digestOf = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');

/**
 * What a webhook answers once its delivery is applied: 404 for a session no one opened here, 409
 * for a delivery about another student than its session's, and otherwise 200, also for a replay
 * or a stale decision, so the provider stops retrying.
 */
function answerDelivery(
  reply: FastifyReply,
  delivery: 'decision' | 'event',
  outcome: DecisionOutcome | EventOutcome,
) {
  if (outcome === 'unknown_session') {
    return reply.status(404).send({ message: 'Unknown verification session.' });
  }
  if (outcome === 'other_student') {
    return reply
      .status(409)
      .send({ message: `The ${delivery} is not for the student of this session.` });
  }
  return { received: true as const };
}

/**
 * The provider's decision and event webhooks. The signature is an HMAC of the raw body, so in this
 * plugin (and only here) JSON bodies are kept as the bytes received: hashing re-serialised JSON
 * would check different bytes than the provider signed. Payloads hold identity data, so the logs
 * get only the session id and the status, and the database a record without personal fields.
 * A replayed delivery (same bytes) and a decision older than the session's are acknowledged with
 * 200, so the provider stops retrying, and change nothing.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ provider: IdentityProvider }> = async (
  app,
  { provider },
) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  /** The signed bytes, or null after answering 401. */
  async function signedBody(
    body: unknown,
    signature: string | string[] | undefined,
    reply: FastifyReply,
  ) {
    if (Buffer.isBuffer(body) && provider.verifyWebhookSignature(body, signature)) return body;
    await reply.status(401).send({ message: INVALID_SIGNATURE });
    return null;
  }

  app.post(
    API_PATHS.veriffDecisionWebhook,
    signedWebhook("The identity provider's decision webhook"),
    async (request, reply) => {
      const raw = await signedBody(request.body, request.headers['x-hmac-signature'], reply);
      if (!raw) return reply;
      const reading = provider.readDecision(raw);
      if (reading.kind !== 'decision') {
        return reply.status(400).send({ message: 'The webhook body is not a decision.' });
      }
      const { decision } = reading;
      const outcome = await applyDecision(app.db, app.dataKeys, {
        provider: provider.name,
        decision,
        deliveryDigest: digestOf(raw),
        kind: 'decision',
      });
      request.log.info(
        { sessionId: decision.providerSessionId, status: decision.status, outcome },
        'identity decision received',
      );
      return answerDelivery(reply, 'decision', outcome);
    },
  );

  app.post(
    API_PATHS.veriffEventWebhook,
    signedWebhook("The identity provider's event webhook (session started, submitted)"),
    async (request, reply) => {
      const raw = await signedBody(request.body, request.headers['x-hmac-signature'], reply);
      if (!raw) return reply;
      const reading = provider.readEvent(raw);
      if (reading.kind !== 'event') {
        return reply.status(400).send({ message: 'The webhook body is not an event.' });
      }
      const { event } = reading;
      const outcome = await applyEvent(app.db, {
        provider: provider.name,
        event,
        deliveryDigest: digestOf(raw),
      });
      request.log.info(
        { sessionId: event.providerSessionId, status: event.action, outcome },
        'identity event received',
      );
      return answerDelivery(reply, 'event', outcome);
    },
  );
};
