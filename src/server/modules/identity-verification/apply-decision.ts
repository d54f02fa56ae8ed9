import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { VERIFICATION_RESULT_TEXTS } from '../../../shared/identity-verification.js';
import type { Database } from '../../db/client.js';
import { identityVerificationSessions, students } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { ProviderDecision } from '../../integrations/identity-provider.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { decisionResult } from './decision-result-table.js';
import { findDeliverySession } from './find-delivery-session.js';
import { matchesPassportOnFile } from './matches-passport-on-file.js';
import { recordDelivery } from './record-delivery.js';
import { refreshSubjectVerification } from './verification-subject.js';

/**
 * applied: the decision is now the session's. duplicate: this exact delivery was seen before.
 * stale: the session already holds a decision at least as recent. unknown_session: no session of
 * this provider has that id. other_student: the decision names another student than the session.
 */
export type DecisionOutcome =
  'applied' | 'duplicate' | 'stale' | 'unknown_session' | 'other_student';

export interface DecisionDelivery {
  provider: string;
  decision: ProviderDecision;
  /** A digest of the delivery's raw bytes: the same bytes twice are one delivery. */
  deliveryDigest: string;
  /** 'decision' for a webhook, 'decision_poll' for an answer of the decision endpoint. */
  kind: 'decision' | 'decision_poll';
}

export const PASSPORT_MISMATCH_REASON =
  'The document number does not match the passport number on file.';

/**
 * Records a provider decision and, when it is the newest for its session, makes it the session's
 * and refreshes the student. One transaction: the delivery is recorded exactly once, and the
 * student's row is locked so two deliveries for one student are applied one after the other.
 */
export async function applyDecision(
  db: Database,
  keys: DataKeys,
  delivery: DecisionDelivery,
): Promise<DecisionOutcome> {
  const { decision } = delivery;
  const session = await findDeliverySession(db, delivery.provider, decision);
  if (typeof session === 'string') return session;

  return db.transaction(async (tx) => {
    const recorded = await recordDelivery(tx, {
      sessionId: session.id,
      deliveryDigest: delivery.deliveryDigest,
      kind: delivery.kind,
      occurredAt: decision.decidedAt,
      payload: decision.auditRecord,
    });
    if (!recorded) return 'duplicate';

    const [student] = await tx
      .select({ passportNumberHash: students.passportNumberHash })
      .from(students)
      .where(eq(students.id, session.studentId))
      .for('update');
    if (!student) return 'unknown_session';

    const resultCode = decisionResult({
      status: decision.status,
      reasonCode: decision.reasonCode,
      passportMatches: matchesPassportOnFile(
        keys,
        decision.documentNumber,
        student.passportNumberHash,
      ),
    });
    let reason: string | null = null;
    if (resultCode === 'approved_passport_mismatch') reason = PASSPORT_MISMATCH_REASON;
    else if (resultCode !== null && resultCode !== 'approved')
      reason = decision.reason ?? VERIFICATION_RESULT_TEXTS[resultCode].title;

    // Only a strictly newer decision replaces the session's: the provider's own decision time
    // orders them, not the order in which deliveries happen to arrive.
    const updated = await tx
      .update(identityVerificationSessions)
      .set({
        status: decision.status,
        resultCode,
        reason,
        decidedAt: decision.decidedAt,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(identityVerificationSessions.id, session.id),
          or(
            isNull(identityVerificationSessions.decidedAt),
            lt(identityVerificationSessions.decidedAt, decision.decidedAt),
          ),
        ),
      )
      .returning({ supersededAt: identityVerificationSessions.supersededAt });
    const [applied] = updated;
    if (!applied) return 'stale';

    // The student hears of a decision that did not verify them, once (a webhook and a poll may
    // both bring it); a session a newer invite superseded is history and tells nobody, and an
    // account recovery's check is answered on its own page (whoever ran it).
    if (
      resultCode !== null &&
      resultCode !== 'approved' &&
      applied.supersededAt === null &&
      session.recoveryId === null
    ) {
      await recordNotifications(tx, [
        {
          template: 'identity.declined',
          to: { studentId: session.studentId },
          params: { code: resultCode },
          onceKey: `identity:${session.id}:${decision.decidedAt.toISOString()}`,
        },
      ]);
    }
    await refreshSubjectVerification(tx, session);
    return 'applied';
  });
}
