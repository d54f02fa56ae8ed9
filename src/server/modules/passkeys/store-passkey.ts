import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { credentialAuditLog, invites, passkeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import type { SessionClaims } from '../auth/session-token.js';

export const CREDENTIAL_TAKEN = 'This passkey is already registered.';

/** A passkey as it is stored, whether the browser made it or the demo simulated it. */
export interface NewPasskey {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/**
 * Stores a new passkey with its audit row in one transaction. The first passkey of an onboarding
 * uses up the student's invite, in the same transaction: from then on they sign in with it, and
 * the onboarding session, bound to that invite, is refused everywhere.
 * Throws a 401 (UNAUTHORIZED_MESSAGE) when an onboarding session's invite is no longer open (a
 * concurrent registration used it first), and a 409 (CREDENTIAL_TAKEN) when the credential id is
 * already stored; either way nothing is written.
 */
export async function storePasskey(
  db: Database,
  session: SessionClaims,
  passkey: NewPasskey,
): Promise<void> {
  await db.transaction(async (tx) => {
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
    // The session was checked before the request ran; this check holds the invite's row lock, so
    // of two registrations racing on one onboarding session only the first can store a passkey.
    if (session.scope === 'onboarding' && !used.some((invite) => invite.id === session.inviteId)) {
      throw new HttpError(401, UNAUTHORIZED_MESSAGE);
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
      })
      .onConflictDoNothing()
      .returning({ id: passkeyCredentials.id });
    if (stored.length === 0) throw new HttpError(409, CREDENTIAL_TAKEN);
    await tx.insert(credentialAuditLog).values({
      studentId: session.studentId,
      credentialId: passkey.id,
      action: 'registered',
      proof: session.scope === 'onboarding' ? 'onboarding' : 'session',
    });
  });
}
