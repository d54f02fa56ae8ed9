import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { type DataKeys, decryptField } from '../../../lib/crypto.js';
import {
  buildSimulatedDecisionPayload,
  type SimulatedOutcome,
} from '../../../integrations/simulated/build-decision-payload.js';
import type { SimulatedIdentityProvider } from '../../../integrations/simulated/simulated-provider.js';
import type { SimulatedSession } from './find-simulated-session.js';

/**
 * Sends the simulated decision the way Veriff would: a Veriff-shaped body, signed over its exact
 * bytes with the provider's secret, posted to the real webhook route. So the demo runs through the
 * same signature check, idempotency, ordering and mapping as production. Answers the webhook's
 * status code.
 */
export async function deliverSimulatedDecision(
  app: FastifyInstance,
  deps: { provider: SimulatedIdentityProvider; keys: DataKeys },
  session: SimulatedSession,
  outcome: SimulatedOutcome,
): Promise<number> {
  const payload = buildSimulatedDecisionPayload({
    providerSessionId: session.providerSessionId,
    studentId: session.studentId,
    firstName: session.firstName,
    lastName: session.lastName,
    documentNumber:
      session.passportNumberEncrypted === null
        ? null
        : decryptField(deps.keys, session.passportNumberEncrypted),
    startedAt: session.createdAt,
    decidedAt: new Date(),
    outcome,
  });
  const rawBody = JSON.stringify(payload);
  const res = await app.inject({
    method: 'POST',
    url: API_PATHS.veriffDecisionWebhook,
    headers: {
      'content-type': 'application/json',
      'x-hmac-signature': deps.provider.signWebhook(rawBody),
    },
    payload: rawBody,
  });
  return res.statusCode;
}
