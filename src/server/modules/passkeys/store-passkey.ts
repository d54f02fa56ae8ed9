import { and, eq, isNull } from 'drizzle-orm';
import type { TUserProfile } from '../../../shared/auth.js';
import type { Database } from '../../db/client.js';
import { credentialAuditLog, invites, passkeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

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
 * uses up the student's invite, in the same transaction: from then on they sign in with it.
 * Throws a 409 (CREDENTIAL_TAKEN) when the credential id is already stored; nothing is written.
 */
export async function storePasskey(
  db: Database,
  student: TUserProfile,
  passkey: NewPasskey,
): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await tx
      .insert(passkeyCredentials)
      .values({
        id: passkey.id,
        studentId: student.id,
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
      studentId: student.id,
      credentialId: passkey.id,
      action: 'registered',
      proof: student.sessionScope === 'onboarding' ? 'onboarding' : 'session',
    });
    await tx
      .update(invites)
      .set({ usedAt: new Date() })
      .where(and(eq(invites.studentId, student.id), isNull(invites.usedAt)));
  });
}
