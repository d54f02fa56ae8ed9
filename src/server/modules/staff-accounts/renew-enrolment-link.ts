import { eq } from 'drizzle-orm';
import type { TEnrolmentLinkResponse } from '../../../shared/staff-team.js';
import type { Database } from '../../db/client.js';
import { staff, staffPasskeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { endEveryStaffSession } from '../staff-auth/staff-sessions.js';
import { issueEnrolmentLink } from './enrolment-links.js';
import { findStaffAccount } from './list-staff-accounts.js';

export const DISABLED_CANNOT_ENROL = 'This account is disabled: it cannot enrol.';
export const CANNOT_RENEW_YOUR_OWN_LINK =
  'You cannot replace your own passkey here. Ask another administrator.';

/**
 * Account recovery (a lost or stolen device, a link that expired unused): a new enrolment link,
 * in one transaction with its audit row, that replaces the account's older links. The account's
 * passkeys are deleted and every session of it ends at once, so a lost device opens nothing from
 * the moment the link is issued; the person signs in again once they have enrolled with the new
 * link. An administrator cannot do this to their own account from the console (409): it would
 * sign them out with no passkey left.
 */
export async function renewEnrolmentLink(
  db: Database,
  publicOrigin: string,
  by: AuditActorRef,
  accountId: string,
): Promise<TEnrolmentLinkResponse> {
  const account = await findStaffAccount(db, accountId);
  if (by.actor === 'staff' && by.staffId === account.id)
    throw new HttpError(409, CANNOT_RENEW_YOUR_OWN_LINK);
  return db.transaction(async (tx) => {
    // A disable and a renewal of one account take turns, so none issues a link to a disabled one.
    const [locked] = await tx
      .select({ disabledAt: staff.disabledAt })
      .from(staff)
      .where(eq(staff.id, account.id))
      .for('update');
    if (locked?.disabledAt) throw new HttpError(409, DISABLED_CANNOT_ENROL);
    const removed = await tx
      .delete(staffPasskeyCredentials)
      .where(eq(staffPasskeyCredentials.staffId, account.id))
      .returning({ id: staffPasskeyCredentials.id });
    await endEveryStaffSession(tx, account.id);
    // A security notice for a recovery, not for a link that only expired unused.
    if (removed.length > 0) {
      await recordNotifications(tx, [
        { template: 'staff.passkeys-reset', to: { staffId: account.id }, params: {} },
      ]);
    }
    const link = await issueEnrolmentLink(tx, publicOrigin, account.id);
    await recordAuditEvent(tx, by, {
      action: 'staff.enrolment-link',
      details: {
        accountId: account.id,
        name: account.name,
        passkeysRemoved: removed.length,
        enrolmentLinkExpiresAt: link.expiresAt.toISOString(),
      },
    });
    return {
      account: await findStaffAccount(tx, account.id),
      enrolmentUrl: link.enrolmentUrl,
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}
