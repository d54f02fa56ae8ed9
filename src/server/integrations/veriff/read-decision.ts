import type { DecisionReading } from '../identity-provider.js';
import { ZVeriffDecisionSchema } from './payloads.js';

/**
 * Reads a decision webhook body or a decision endpoint answer. The audit record keeps the decision
 * and its times but none of the person's or document's data, which the portal must not store.
 */
export function readVeriffDecision(rawBody: Buffer): DecisionReading {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'malformed' };
  }
  const parsed = ZVeriffDecisionSchema.safeParse(json);
  if (!parsed.success) return { kind: 'malformed' };
  const v = parsed.data.verification;
  if (v === null) return { kind: 'undecided' };
  // decisionTime orders decisions; acceptanceTime (when the session began) only stands in for it.
  const time = v.decisionTime ?? v.acceptanceTime;
  if (!time) return { kind: 'malformed' };
  return {
    kind: 'decision',
    decision: {
      providerSessionId: v.id,
      status: v.status,
      reasonCode: v.reasonCode,
      reason: v.reason ?? null,
      vendorData: v.vendorData ?? null,
      decidedAt: new Date(time),
      documentNumber: v.document?.number ?? null,
      auditRecord: {
        status: v.status,
        code: v.code ?? null,
        reason: v.reason ?? null,
        reasonCode: v.reasonCode,
        decisionTime: v.decisionTime ?? null,
        acceptanceTime: v.acceptanceTime ?? null,
      },
    },
  };
}
