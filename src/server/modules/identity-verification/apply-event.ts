import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { identityVerificationEvents, identityVerificationSessions } from '../../db/schema.js';
import type { ProviderEvent } from '../../integrations/identity-provider.js';

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
  const [session] = await db
    .select({
      id: identityVerificationSessions.id,
      studentId: identityVerificationSessions.studentId,
    })
    .from(identityVerificationSessions)
    .where(
      and(
        eq(identityVerificationSessions.provider, delivery.provider),
        eq(identityVerificationSessions.providerSessionId, event.providerSessionId),
      ),
    )
    .limit(1);
  if (!session) return 'unknown_session';
  if (event.vendorData !== null && event.vendorData !== session.studentId) return 'other_student';

  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(identityVerificationEvents)
      .values({
        sessionId: session.id,
        deliveryDigest: delivery.deliveryDigest,
        kind: 'event',
        payload: event.auditRecord,
      })
      .onConflictDoNothing({ target: identityVerificationEvents.deliveryDigest })
      .returning({ id: identityVerificationEvents.id });
    if (recorded.length === 0) return 'duplicate';

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
