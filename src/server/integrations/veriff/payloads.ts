import { z } from 'zod';

/**
 * Veriff's shapes, as its API reference describes them (POST /v1/sessions, the decision webhook
 * and GET /v1/sessions/{id}/decision, the event webhook). Only the fields the portal reads are
 * declared; Veriff adds fields over time (its "backwards compatible changes"), and unknown ones
 * are ignored rather than refused.
 */

const ZTimestamp = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be a timestamp');

/** Veriff documents reasonCode as a number in some payloads and a string in others. */
const ZReasonCode = z
  .union([z.string().max(16), z.number().int()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));

export const ZVeriffVerificationSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.string().min(1).max(64),
  code: z.number().int().nullish(),
  reason: z.string().max(500).nullish(),
  reasonCode: ZReasonCode,
  vendorData: z.string().max(1000).nullish(),
  decisionTime: ZTimestamp.nullish(),
  acceptanceTime: ZTimestamp.nullish(),
  document: z.object({ number: z.string().max(64).nullish() }).nullish(),
});

/** The decision webhook's body; the decision endpoint answers the same with verification null until decided. */
export const ZVeriffDecisionSchema = z.object({
  status: z.string(),
  verification: ZVeriffVerificationSchema.nullable(),
});
export type TVeriffDecision = z.infer<typeof ZVeriffDecisionSchema>;

/** The event webhook's body: the session's progress (started, submitted), never a decision. */
export const ZVeriffEventSchema = z.object({
  id: z.string().min(1).max(100),
  attemptId: z.string().max(100).nullish(),
  feature: z.string().max(64).nullish(),
  code: z.number().int().nullish(),
  action: z.string().min(1).max(64),
  vendorData: z.string().max(1000).nullish(),
});

/** POST /v1/sessions answers the session id and the URL the student opens. */
export const ZVeriffSessionCreatedSchema = z.object({
  status: z.literal('success'),
  verification: z.object({ id: z.string().min(1).max(100), url: z.url() }),
});
