import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema.js';

/**
 * Ends every session the student holds, on every device: tokens issued before now are refused
 * from the next request on (resolveSession compares their issue time to tokens_valid_after).
 * A JWT cannot be recalled, so a server-side not-before is what makes a logout take effect
 * against a copy of the token (ASVS 5.0 V7.4.1).
 */
export async function revokeSessions(db: Database, studentId: string): Promise<void> {
  await db.update(students).set({ tokensValidAfter: new Date() }).where(eq(students.id, studentId));
}
