import type { Database } from '../../db/client.js';
import { identityVerificationEvents } from '../../db/schema.js';

/**
 * Keeps a provider's delivery with its session, once: true the first time its bytes are seen,
 * false for a replay or a repeated delivery (the same digest), which changes nothing.
 */
export async function recordDelivery(
  tx: Database,
  delivery: typeof identityVerificationEvents.$inferInsert,
): Promise<boolean> {
  const recorded = await tx
    .insert(identityVerificationEvents)
    .values(delivery)
    .onConflictDoNothing({ target: identityVerificationEvents.deliveryDigest })
    .returning({ id: identityVerificationEvents.id });
  return recorded.length > 0;
}
