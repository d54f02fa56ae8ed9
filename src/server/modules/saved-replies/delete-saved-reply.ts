import { eq } from 'drizzle-orm';
import { SAVED_REPLY_ERRORS } from '../../../shared/saved-replies.js';
import type { Database } from '../../db/client.js';
import { savedReplies } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';

/** Removes a saved reply (a 404 for an unknown id), audited in the same transaction. */
export async function deleteSavedReply(db: Database, by: AuditActorRef, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(savedReplies)
      .where(eq(savedReplies.id, id))
      .returning({ id: savedReplies.id, title: savedReplies.title });
    if (!removed) throw new HttpError(404, SAVED_REPLY_ERRORS.notFound);
    await recordAuditEvent(tx, by, {
      action: 'saved-reply.delete',
      details: { savedReplyId: removed.id, title: removed.title },
    });
  });
}
