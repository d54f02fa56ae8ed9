import { and, eq, isNull } from 'drizzle-orm';
import type { TStaffAccount } from '../../../shared/staff-team.js';
import type { Database } from '../../db/client.js';
import { staff, staffEnrolmentLinks } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { endEveryStaffSession } from '../staff-auth/staff-sessions.js';
import { findStaffAccount } from './list-staff-accounts.js';

export const CANNOT_DISABLE_YOURSELF =
  'You cannot disable your own account. Ask another administrator.';
export const ALREADY_DISABLED = 'This account is already disabled.';

/**
 * Disables a staff account, in one transaction with its audit row: every session of it ends at
 * once, its open enrolment link goes, and from now on its passkeys sign nobody in (staff sign-in
 * refuses a disabled account; the passkeys stay, as a record of what it held). An administrator
 * cannot disable their own account (409), so the console always keeps one who can act.
 */
export async function disableStaffAccount(
  db: Database,
  by: AuditActorRef,
  accountId: string,
): Promise<TStaffAccount> {
  const account = await findStaffAccount(db, accountId);
  if (by.actor === 'staff' && by.staffId === account.id)
    throw new HttpError(409, CANNOT_DISABLE_YOURSELF);
  return db.transaction(async (tx) => {
    const now = new Date();
    const disabled = await tx
      .update(staff)
      .set({ disabledAt: now, tokensValidAfter: now })
      .where(and(eq(staff.id, account.id), isNull(staff.disabledAt)))
      .returning({ id: staff.id });
    if (disabled.length === 0) throw new HttpError(409, ALREADY_DISABLED);
    await endEveryStaffSession(tx, account.id);
    await recordNotifications(tx, [
      { template: 'staff.disabled', to: { staffId: account.id }, params: {} },
    ]);
    await tx
      .delete(staffEnrolmentLinks)
      .where(and(eq(staffEnrolmentLinks.staffId, account.id), isNull(staffEnrolmentLinks.usedAt)));
    await recordAuditEvent(tx, by, {
      action: 'staff.disable',
      details: { accountId: account.id, name: account.name, role: account.role },
    });
    return findStaffAccount(tx, account.id);
  });
}
