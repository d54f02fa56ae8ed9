import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  INBOX_PREVIEW_LENGTH,
  STAFF_INBOX_ERRORS,
  type TStaffInboxResponse,
} from '../../../shared/staff-inbox.js';
import type { Database } from '../../db/client.js';
import { applications, messages, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { studentsInScope } from '../staff-auth/students-in-scope.js';
import { conversationColumns, toConversation } from './conversation-columns.js';

const CURSOR = /^inbox:([01]):([1-9]\d{0,9})$/;

/** Whether no office has read it yet: the inbox's first key (messages_office_inbox_idx). */
const unread = sql<boolean>`(${messages.officeReadAt} is null)`;

/**
 * The page after a message. It carries the message's read state as the page saw it (a message
 * read since then moves, and the next page must start where this one ended) and its id, whose
 * time never changes. Base64url keeps it opaque: a caller passes it back, it does not build one.
 */
const cursorAfter = (row: { messageId: number; officeReadAt: Date | null }) =>
  Buffer.from(`inbox:${row.officeReadAt === null ? 1 : 0}:${row.messageId}`).toString('base64url');

function readCursor(cursor: string): { unread: boolean; id: number } {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new HttpError(400, STAFF_INBOX_ERRORS.badCursor);
  return { unread: match[1] === '1', id: Number(match[2]) };
}

/**
 * The messages the students in the caller's scope sent to the offices, unread first, then the
 * newest first, a page at a time (keyset on the read state, time and id, as the index orders
 * them), with how many are unread in all.
 */
export async function listStaffInbox(
  db: Database,
  caller: StaffCaller,
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<TStaffInboxResponse> {
  const after = cursor === undefined ? undefined : readCursor(cursor);
  const fromStudents = and(eq(messages.direction, 'outbound'), studentsInScope(caller));
  const [rows, [unreadRow]] = await Promise.all([
    db
      .select({
        ...conversationColumns,
        preview: sql<string>`left(${messages.content}, ${INBOX_PREVIEW_LENGTH})`,
      })
      .from(messages)
      .innerJoin(students, eq(students.id, messages.studentId))
      .leftJoin(applications, eq(applications.id, messages.applicationId))
      .where(
        and(
          fromStudents,
          after &&
            sql`(${unread}, ${messages.createdAt}, ${messages.id}) < (${after.unread}, (select m.created_at from ${messages} m where m.id = ${after.id}), ${after.id})`,
        ),
      )
      .orderBy(desc(unread), desc(messages.createdAt), desc(messages.id))
      .limit(limit + 1),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(students, eq(students.id, messages.studentId))
      .where(and(fromStudents, isNull(messages.officeReadAt))),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({ ...toConversation(row), preview: row.preview })),
    nextCursor: rows.length > limit && last ? cursorAfter(last) : null,
    unreadCount: unreadRow?.count ?? 0,
  };
}
