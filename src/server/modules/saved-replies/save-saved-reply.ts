import { and, eq, ne, sql } from 'drizzle-orm';
import { SAVED_REPLY_ERRORS, type TSavedReply } from '../../../shared/saved-replies.js';
import type { Database } from '../../db/client.js';
import { savedReplies } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { savedReplyColumns, toSavedReply } from './list-saved-replies.js';

interface SavedReplyText {
  title: string;
  body: string;
}

/** A title another saved reply has (in any case) is a 409: staff pick one by its title. */
async function refuseTakenTitle(tx: Database, title: string, except?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: savedReplies.id })
    .from(savedReplies)
    .where(
      and(
        eq(sql`lower(${savedReplies.title})`, title.toLowerCase()),
        except === undefined ? undefined : ne(savedReplies.id, except),
      ),
    );
  if (taken) throw new HttpError(409, SAVED_REPLY_ERRORS.titleTaken);
}

/**
 * Adds a saved reply (or, given `id`, changes one: a 404 for an unknown id), with its audit row in
 * the same transaction. Saved replies hold no student's data, so the row names the title.
 */
export async function saveSavedReply(
  db: Database,
  caller: StaffCaller,
  by: AuditActorRef,
  text: SavedReplyText,
  id?: number,
): Promise<TSavedReply> {
  return db.transaction(async (tx) => {
    await refuseTakenTitle(tx, text.title, id);
    const written = { ...text, updatedBy: caller.id, updatedAt: new Date() };
    const [row] =
      id === undefined
        ? await tx
            .insert(savedReplies)
            .values(written)
            // Only the unique title can conflict: one saved at the same moment as this one.
            .onConflictDoNothing()
            .returning(savedReplyColumns)
        : await tx
            .update(savedReplies)
            .set(written)
            .where(eq(savedReplies.id, id))
            .returning(savedReplyColumns);
    if (!row) {
      throw id === undefined
        ? new HttpError(409, SAVED_REPLY_ERRORS.titleTaken)
        : new HttpError(404, SAVED_REPLY_ERRORS.notFound);
    }
    await recordAuditEvent(tx, by, {
      action: id === undefined ? 'saved-reply.create' : 'saved-reply.update',
      details: { savedReplyId: row.id, title: row.title },
    });
    return toSavedReply(row);
  });
}
