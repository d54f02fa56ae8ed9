import { asc, sql } from 'drizzle-orm';
import type { TSavedReply } from '../../../shared/saved-replies.js';
import type { Database } from '../../db/client.js';
import { savedReplies } from '../../db/schema.js';

export const savedReplyColumns = {
  id: savedReplies.id,
  title: savedReplies.title,
  body: savedReplies.body,
  updatedAt: savedReplies.updatedAt,
};

export const toSavedReply = (row: {
  id: number;
  title: string;
  body: string;
  updatedAt: Date;
}): TSavedReply => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** Every saved reply, by title A to Z: a handful the administrators keep, read whole. */
export async function listSavedReplies(db: Database): Promise<TSavedReply[]> {
  const rows = await db
    .select(savedReplyColumns)
    .from(savedReplies)
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
  return rows.map(toSavedReply);
}
