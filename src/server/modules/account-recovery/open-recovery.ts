import { RECOVERY_MINUTES } from '../../../shared/account-recovery.js';
import type { Database } from '../../db/client.js';
import { accountRecoveries } from '../../db/schema.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';

/**
 * Opens a recovery for the student the lookup matched, with its audit row, in one transaction.
 * Nothing of the student changes yet: their passkeys and sessions stay until the recovery's new
 * passkey is registered, so a stranger who knows the two values cannot lock them out.
 */
export async function openRecovery(
  db: Database,
  studentId: string,
  address: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [recovery] = await tx
      .insert(accountRecoveries)
      .values({ studentId, expiresAt: new Date(Date.now() + RECOVERY_MINUTES * 60_000) })
      .returning({ id: accountRecoveries.id });
    if (!recovery) throw new Error('the recovery was not stored');
    await recordAuditEvent(
      tx,
      { actor: 'student', address },
      { action: 'account-recovery.start', studentId, details: { recoveryId: recovery.id } },
    );
    return recovery.id;
  });
}
