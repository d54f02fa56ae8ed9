import { z } from 'zod';
import { MESSAGE_LIMITS } from './messages.js';

/**
 * Saved replies: texts the administrators keep ("We received your documents") that any staff
 * member inserts into a reply and edits before sending.
 */

export const SAVED_REPLY_TITLE_MAX = 80;

export const ZSavedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type TSavedReply = z.infer<typeof ZSavedReplySchema>;

/** By title, A to Z. */
export const ZSavedRepliesResponseSchema = z.object({ items: z.array(ZSavedReplySchema) });

export const ZSavedReplyRequestSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'give the saved reply a title')
    .max(SAVED_REPLY_TITLE_MAX, `must be at most ${SAVED_REPLY_TITLE_MAX} characters`),
  // Inserted into a reply, so no longer than a reply may be.
  body: z
    .string()
    .trim()
    .min(1, 'write the text of the saved reply')
    .max(MESSAGE_LIMITS.content, `must be at most ${MESSAGE_LIMITS.content} characters`),
});
export type TSavedReplyRequest = z.input<typeof ZSavedReplyRequestSchema>;

export const SAVED_REPLY_ERRORS = {
  notFound: 'No saved reply with this id.',
  titleTaken: 'A saved reply with this title already exists.',
} as const;
