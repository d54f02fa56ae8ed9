import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { identityVerificationSessions } from '../../db/schema.js';
import type { ProviderEvent } from '../../integrations/identity-provider.js';
import { findDeliverySession } from './find-delivery-session.js';
import { recordDelivery } from './record-delivery.js';

export type EventOutcome = 'applied' | 'duplicate' | 'unknown_session' | 'other_student';

/** The progress a session can make before a decision, and the statuses each step moves on from. */
const MOVES_ON_FROM: Readonly<Record<string, readonly string[]>> = {
  started: ['created'],
  submitted: ['created', 'started'],
};

/**
 * Records a progress event (started, submitted). Progress only moves forward and never touches a
 * decided session, so a late "started" cannot undo "submitted" or a decision. Events never change
 * the student: only decisions do.
 */
export async function applyEvent(
  db: Database,
  delivery: { provider: string; event: ProviderEvent; deliveryDigest: string },
): Promise<EventOutcome> {
  const { event } = delivery;
  const session = await findDeliverySession(db, delivery.provider, event);
  if (typeof session === 'string') return session;

  return db.transaction(async (tx) => {
    const recorded = await recordDelivery(tx, {
      sessionId: session.id,
      deliveryDigest: delivery.deliveryDigest,
      kind: 'event',
      payload: event.auditRecord,
    });
    if (!recorded) return 'duplicate';

    const from = Object.hasOwn(MOVES_ON_FROM, event.action)
      ? MOVES_ON_FROM[event.action]
      : undefined;
    if (from) {
      await tx
        .update(identityVerificationSessions)
        .set({ status: event.action, updatedAt: new Date() })
        .where(
          and(
            eq(identityVerificationSessions.id, session.id),
            isNull(identityVerificationSessions.decidedAt),
            inArray(identityVerificationSessions.status, [...from]),
          ),
        );
    }
    return 'applied';
  });
}
