import { eq } from 'drizzle-orm';
import type { TCredentialAuditProof } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { credentialAuditLog, passkeyCredentials } from '../../db/schema.js';

/**
 * Deletes every passkey of the student, each with its 'revoked' audit row saying what authorised
 * it (`proof`), in the caller's transaction. Returns how many there were.
 */
export async function revokeEveryPasskey(
  tx: Database,
  studentId: string,
  proof: TCredentialAuditProof,
): Promise<number> {
  const revoked = await tx
    .delete(passkeyCredentials)
    .where(eq(passkeyCredentials.studentId, studentId))
    .returning({ id: passkeyCredentials.id });
  if (revoked.length > 0) {
    await tx.insert(credentialAuditLog).values(
      revoked.map(({ id }): typeof credentialAuditLog.$inferInsert => ({
        studentId,
        credentialId: id,
        action: 'revoked',
        proof,
      })),
    );
  }
  return revoked.length;
}
