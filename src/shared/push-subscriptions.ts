import { z } from 'zod';

/**
 * Web push (issue 25): a browser's PushSubscription as its `toJSON()` gives it, which a student
 * or a staff member posts when they turn push on for that device, and deletes by its endpoint
 * when they turn it off. Keys are the browser's (RFC 8291): the payload is encrypted to them.
 */

/** An endpoint is a push service's URL; real ones are a few hundred characters. */
const MAX_ENDPOINT_LENGTH = 2048;

export const PUSH_SUBSCRIPTION_MESSAGES = {
  endpointNotSecure: 'endpoint: must be the https:// address of a push service',
  p256dh: "keys.p256dh: must be the browser's P-256 public key (65 bytes in base64url)",
  auth: 'keys.auth: must be the 16-byte authentication secret in base64url',
} as const;

const ZEndpointSchema = z
  .url('endpoint: must be the address of a push service')
  .max(MAX_ENDPOINT_LENGTH, `endpoint: must be at most ${MAX_ENDPOINT_LENGTH} characters`);

export const ZPushSubscriptionRequestSchema = z.object({
  endpoint: ZEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed point: 0x04 then two 32-byte coordinates, so its base64url starts with B.
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, PUSH_SUBSCRIPTION_MESSAGES.p256dh),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, PUSH_SUBSCRIPTION_MESSAGES.auth),
  }),
});
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequestSchema>;

export const ZPushUnsubscribeRequestSchema = z.object({ endpoint: ZEndpointSchema });
export type TPushUnsubscribeRequest = z.infer<typeof ZPushUnsubscribeRequestSchema>;
