import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { credentialAuditLog, invites, passkeyCredentials, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { endEverySessionBefore } from '../auth/end-session.js';
import type { SessionClaims } from '../auth/session-claims.js';
import { completeRecovery } from '../account-recovery/complete-recovery.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { proofToAddPasskey } from './passkey-change-proof.js';

export const CREDENTIAL_TAKEN = 'This passkey is already registered.';

/** A passkey as it is stored, whether the browser made it or the demo simulated it. */
export interface NewPasskey {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  /** What the student's list calls it (passkeyNameFrom). */
  name: string;
}

/**
 * Stores a new passkey with its audit row in one transaction, once proofToAddPasskey allows it
 * (the proof goes in the audit row). The first passkey of an onboarding uses up the student's
 * invite, in the same transaction: from then on they sign in with it, and the onboarding session,
 * bound to that invite, is refused everywhere. A recovery's passkey completes the recovery in the
 * same transaction (completeRecovery). A signed-in student's passkey leaves invites alone.
 * `signOutOtherDevices` ends every session of the student issued until now, in the same
 * transaction; the caller issues this device its new token afterwards.
 * Throws a 403 when the session must confirm it is the student first, a 401
 * (UNAUTHORIZED_MESSAGE) when an onboarding session's invite is no longer open (a concurrent
 * registration used it first), and a 409 (CREDENTIAL_TAKEN) when the credential id is already
 * stored; either way nothing is written.
 */
export async function storePasskey(
  db: Database,
  session: SessionClaims,
  passkey: NewPasskey,
  { signOutOtherDevices = false, address }: { signOutOtherDevices?: boolean; address: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // One change to a student's passkeys at a time (removePasskey and a recovery's new invite
    // lock the same row, in the same order: student, then invite).
    await tx
      .select({ id: students.id })
      .from(students)
      .where(eq(students.id, session.studentId))
      .for('update');
    const proof = await proofToAddPasskey(tx, session);
    if (session.scope === 'onboarding') {
      const used = await tx
        .update(invites)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(invites.studentId, session.studentId),
            isNull(invites.usedAt),
            isNull(invites.revokedAt),
          ),
        )
        .returning({ id: invites.id });
      // The session was checked before the request ran; this check holds the invite's row lock,
      // so of two registrations racing on one onboarding session only the first stores a passkey.
      if (!used.some((invite) => invite.id === session.inviteId)) {
        throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      }
    }
    // A recovery's passkey replaces every other: completeRecovery revokes them first, ends every
    // session and sends its own notices.
    if (session.scope === 'recovery') {
      await completeRecovery(tx, session, { device: passkey.name, address });
    }
    const stored = await tx
      .insert(passkeyCredentials)
      .values({
        id: passkey.id,
        studentId: session.studentId,
        publicKey: Buffer.from(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
        deviceType: passkey.deviceType,
        backedUp: passkey.backedUp,
        name: passkey.name,
      })
      .onConflictDoNothing()
      .returning({ id: passkeyCredentials.id });
    if (stored.length === 0) throw new HttpError(409, CREDENTIAL_TAKEN);
    await tx.insert(credentialAuditLog).values({
      studentId: session.studentId,
      credentialId: passkey.id,
      action: 'registered',
      proof,
    });
    if (session.scope === 'recovery') return;
    // A security notice, always sent: the name its list shows, never the key itself.
    await recordNotifications(tx, [
      {
        template: 'security.passkey-added',
        to: { studentId: session.studentId },
        params: { device: passkey.name },
      },
    ]);
    if (signOutOtherDevices) await endEverySessionBefore(tx, session.studentId, new Date());
  });
}
