import type { EventReading } from '../identity-provider.js';
import { ZVeriffEventSchema } from './payloads.js';

/** Reads an event webhook body (the session was started or submitted). */
export function readVeriffEvent(rawBody: Buffer): EventReading {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'malformed' };
  }
  const parsed = ZVeriffEventSchema.safeParse(json);
  if (!parsed.success) return { kind: 'malformed' };
  const e = parsed.data;
  return {
    kind: 'event',
    event: {
      providerSessionId: e.id,
      action: e.action,
      vendorData: e.vendorData ?? null,
      auditRecord: { action: e.action, code: e.code ?? null, feature: e.feature ?? null },
    },
  };
}
