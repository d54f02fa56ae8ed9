import { and, eq } from 'drizzle-orm';
import { PASSKEY_CHANGE_MESSAGES } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { credentialAuditLog, passkeyCredentials, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { endEverySessionBefore } from '../auth/end-session.js';
import type { SessionClaims } from '../auth/session-claims.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { proofToRemovePasskey } from './passkey-change-proof.js';

/**
 * Removes one of the session's student's passkeys, with its 'revoked' audit row, in one
 * transaction. `signOutOtherDevices` also ends every session of the student issued until now; the
 * caller then issues this device a new token.
 * Throws, writing nothing: a 404 when the student holds no passkey of that id (another student's
 * is not there either); a 409 when it is their only one, since without it they could not sign in
 * again (the way back would be the consultancy's recovery); a 403 when the session has not
 * confirmed it is the student in the last few minutes (proofToRemovePasskey).
 */
export async function removePasskey(
  db: Database,
  session: SessionClaims,
  credentialId: string,
  { signOutOtherDevices }: { signOutOtherDevices: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    // One change to a student's passkeys at a time: of two removals racing to leave none, the
    // second sees the first's result and is refused as the last one.
    await tx
      .select({ id: students.id })
      .from(students)
      .where(eq(students.id, session.studentId))
      .for('update');
    const held = await tx
      .select({ id: passkeyCredentials.id, name: passkeyCredentials.name })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.studentId, session.studentId));
    const removed = held.find((passkey) => passkey.id === credentialId);
    if (!removed) throw new HttpError(404, PASSKEY_CHANGE_MESSAGES.notFound);
    if (held.length === 1) throw new HttpError(409, PASSKEY_CHANGE_MESSAGES.onlyPasskey);
    const proof = proofToRemovePasskey(session);
    await tx
      .delete(passkeyCredentials)
      .where(
        and(
          eq(passkeyCredentials.id, credentialId),
          eq(passkeyCredentials.studentId, session.studentId),
        ),
      );
    await tx.insert(credentialAuditLog).values({
      studentId: session.studentId,
      credentialId,
      action: 'revoked',
      proof,
    });
    await recordNotifications(tx, [
      {
        template: 'security.passkey-removed',
        to: { studentId: session.studentId },
        params: { device: removed.name },
      },
    ]);
    if (signOutOtherDevices) await endEverySessionBefore(tx, session.studentId, new Date());
  });
}
