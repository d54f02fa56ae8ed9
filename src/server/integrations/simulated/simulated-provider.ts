import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import type { IdentityProvider } from '../identity-provider.js';
import { hasValidVeriffSignature, signVeriffPayload } from '../veriff/hmac.js';
import { readVeriffDecision } from '../veriff/read-decision.js';
import { readVeriffEvent } from '../veriff/read-event.js';

export interface SimulatedIdentityProvider extends IdentityProvider {
  readonly name: 'simulated';
  /** Signs a decision as Veriff would, so it enters through the same verified webhook. */
  signWebhook(rawBody: string): string;
  /** The token the simulated page's forms carry, so another site cannot post a decision. */
  formToken(providerSessionId: string): string;
  hasValidFormToken(providerSessionId: string, token: string): boolean;
}

/**
 * A stand-in for Veriff that runs inside this server: its session URL is a page of ours with
 * Approve and Decline buttons, and its decisions are Veriff-shaped payloads signed with its own
 * secret and delivered to the real webhook route. Its secret is derived from TOKEN_SECRET, so every
 * instance of the server (and a restarted one) shares it without another setting.
 */
export function createSimulatedProvider(
  tokenSecret: string,
  publicOrigin: string,
): SimulatedIdentityProvider {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', tokenSecret, Buffer.alloc(0), info, 32)).toString('hex');
  const webhookSecret = derive('student-portal/simulated-identity-provider/webhook');
  const formKey = derive('student-portal/simulated-identity-provider/form');
  const formToken = (id: string) => createHmac('sha256', formKey).update(id).digest('base64url');

  return {
    name: 'simulated',
    async createSession() {
      const providerSessionId = randomUUID();
      const page = apiPath(API_PATHS.simulatedIdentityPage, { sessionId: providerSessionId });
      return { providerSessionId, sessionUrl: `${publicOrigin}${page}` };
    },
    verifyWebhookSignature: (rawBody, signature) =>
      hasValidVeriffSignature(webhookSecret, rawBody, signature),
    readDecision: readVeriffDecision,
    readEvent: readVeriffEvent,
    fetchDecision: async () => null,
    signWebhook: (rawBody) => signVeriffPayload(webhookSecret, rawBody),
    formToken,
    hasValidFormToken(id, token) {
      const expected = Buffer.from(formToken(id));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
