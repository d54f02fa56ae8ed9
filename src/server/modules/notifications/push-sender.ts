import webpush from 'web-push';
import type { PushConfig } from '../../config.js';

/** A browser's subscription, as kept in push_subscriptions. */
export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push says: the e-mail's subject, and the page of the portal a click opens. */
export interface PushMessage {
  title: string;
  path: string;
}

/** Sent; or gone: the push service says the subscription no longer exists (404 or 410). */
export type PushOutcome = 'sent' | 'gone';

/** Sends one push to one browser, or throws (a failure worth a retry). */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/**
 * How long a push service keeps a message for a browser that is offline: a day. After that the
 * e-mail has told the person, and an old "your I-20 is ready" would only repeat it.
 */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
/** A push service that does not answer in this time is tried again with the job's retries. */
const TIMEOUT_MS = 10_000;

/**
 * Web push with VAPID (RFC 8292) and the payload encrypted for the browser (RFC 8291, aes128gcm):
 * the `web-push` library signs and encrypts, and fetch posts, so a request has a timeout of ours
 * and goes to any endpoint the subscription routes accepted (https, or loopback http in tests).
 */
export function pushSender(config: PushConfig): PushSender {
  const vapidDetails = {
    subject: config.subject,
    publicKey: config.publicKey,
    privateKey: config.privateKey,
  };
  return {
    async send(target, message) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails,
          TTL: TIME_TO_LIVE_SECONDS,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`the push service answered ${response.status}`);
      return 'sent';
    },
  };
}
