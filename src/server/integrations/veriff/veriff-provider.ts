import type { IdentityProviderConfig } from '../../config.js';
import { type IdentityProvider, IdentityProviderError } from '../identity-provider.js';
import { hasValidVeriffSignature, signVeriffPayload } from './hmac.js';
import { ZVeriffSessionCreatedSchema } from './payloads.js';
import { readVeriffDecision } from './read-decision.js';
import { readVeriffEvent } from './read-event.js';

type VeriffSettings = Extract<IdentityProviderConfig, { kind: 'veriff' }>;

/** A student waits on these calls: better a quick "try again" than a hung page. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Veriff's public API v1 (https://devdocs.veriff.com): every call carries the integration's API
 * key in X-AUTH-CLIENT and an X-HMAC-SIGNATURE keyed with the shared secret (of the body for a
 * POST, of the session id for a GET). Webhooks come signed the same way over their raw body.
 */
export function createVeriffProvider(
  settings: VeriffSettings,
): IdentityProvider & { readonly name: 'veriff' } {
  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; signed: string; body?: string },
  ) {
    try {
      return await fetch(`${settings.baseUrl}${path}`, {
        method: init.method,
        headers: {
          'content-type': 'application/json',
          'x-auth-client': settings.apiKey,
          'x-hmac-signature': signVeriffPayload(settings.sharedSecret, init.signed),
        },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new IdentityProviderError(`Veriff could not be reached (${init.method} ${path})`, {
        cause: error,
      });
    }
  }

  return {
    name: 'veriff',

    async createSession(request) {
      const body = JSON.stringify({
        verification: {
          callback: request.callbackUrl,
          person: { firstName: request.firstName, lastName: request.lastName },
          vendorData: request.studentId,
        },
      });
      const res = await call('/v1/sessions', { method: 'POST', signed: body, body });
      if (!res.ok) throw new IdentityProviderError(`Veriff refused a session: ${res.status}`);
      const parsed = ZVeriffSessionCreatedSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success)
        throw new IdentityProviderError('Veriff answered an unknown session shape');
      return {
        providerSessionId: parsed.data.verification.id,
        sessionUrl: parsed.data.verification.url,
      };
    },

    verifyWebhookSignature: (rawBody, signature) =>
      hasValidVeriffSignature(settings.sharedSecret, rawBody, signature),

    readDecision: readVeriffDecision,
    readEvent: readVeriffEvent,

    async fetchDecision(providerSessionId) {
      const path = `/v1/sessions/${encodeURIComponent(providerSessionId)}/decision`;
      const res = await call(path, { method: 'GET', signed: providerSessionId });
      if (!res.ok) throw new IdentityProviderError(`Veriff refused a decision poll: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
