import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accountRecoveries } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { endEverySessionBefore } from '../auth/end-session.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { notifyStudentsAgents } from '../notifications/notify-students-agents.js';
import { revokeEveryPasskey } from '../passkeys/revoke-every-passkey.js';

export interface RecoveryToComplete {
  studentId: string;
  recoveryId: string;
}

/**
 * Completes a recovery in the transaction that stores its new passkey (the caller holds the
 * student's row lock and inserts the passkey afterwards): the recovery must still be open and its
 * identity check approved, or a 401 and nothing is written. Then every passkey the student held
 * is revoked (deleted, each with its audit row), every open recovery of theirs is closed, every
 * session is ended, the student gets the security notice, their agents are told, and the audit
 * log records it, all in that transaction.
 */
export async function completeRecovery(
  tx: Database,
  { studentId, recoveryId }: RecoveryToComplete,
  { device, address }: { device: string; address: string },
): Promise<void> {
  const now = new Date();
  const [completed] = await tx
    .update(accountRecoveries)
    .set({ completedAt: now })
    .where(
      and(
        eq(accountRecoveries.id, recoveryId),
        eq(accountRecoveries.studentId, studentId),
        isNull(accountRecoveries.completedAt),
        gt(accountRecoveries.expiresAt, sql`now()`),
        eq(accountRecoveries.verificationResult, 'approved'),
      ),
    )
    .returning({ id: accountRecoveries.id });
  if (!completed) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  // Another open recovery (someone else's attempt, perhaps) must not replace this passkey next.
  await tx
    .update(accountRecoveries)
    .set({ completedAt: now })
    .where(and(eq(accountRecoveries.studentId, studentId), isNull(accountRecoveries.completedAt)));

  const revokedPasskeys = await revokeEveryPasskey(tx, studentId, 'account-recovery');
  // A security notice, always sent, and the student's agents are told.
  await recordNotifications(tx, [
    { template: 'security.account-recovered', to: { studentId }, params: { device } },
  ]);
  await notifyStudentsAgents(tx, studentId, 'staff.student-recovered');
  await recordAuditEvent(
    tx,
    { actor: 'student', address },
    {
      action: 'account-recovery.complete',
      studentId,
      details: { recoveryId, revokedPasskeys },
    },
  );
  await endEverySessionBefore(tx, studentId, now);
}
