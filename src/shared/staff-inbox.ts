import { z } from 'zod';
import { MESSAGE_ERRORS, MESSAGE_LIMITS, UNIVERSITY_OFFICES } from './messages.js';
import type { TStaffRole } from './staff.js';

/**
 * The staff console's inbox (`/staff/inbox`): the messages students sent to the offices, each with
 * the offices' replies as one conversation. Every answer holds only students in the caller's
 * scope; a conversation of any other student is a 404.
 */

/** How much of a student's message the inbox list shows; the conversation shows it whole. */
export const INBOX_PREVIEW_LENGTH = 200;

export const ZStaffInboxQuerySchema = z.strictObject({
  /** The nextCursor of the page before; absent for the first page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TStaffInboxQuery = z.input<typeof ZStaffInboxQuerySchema>;

const ZInboxApplicationSchema = z.object({
  id: z.number().int(),
  university: z.string(),
  program: z.string(),
});

/** A conversation as the inbox lists it: the student's message and how it was answered. */
export const ZStaffInboxItemSchema = z.object({
  /** The student's message: the conversation is named by it. */
  messageId: z.number().int(),
  studentId: z.string(),
  studentName: z.string(),
  /** The office the student wrote to. */
  office: z.string(),
  subject: z.string(),
  /** The message's first INBOX_PREVIEW_LENGTH characters. */
  preview: z.string(),
  createdAt: z.string(),
  /** When staff (or the command line) first read it; null while unread. */
  officeReadAt: z.string().nullable(),
  /** The application the message is about, or null for a general one. */
  application: ZInboxApplicationSchema.nullable(),
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
});
export type TStaffInboxItem = z.infer<typeof ZStaffInboxItemSchema>;

export const ZStaffInboxResponseSchema = z.object({
  /** Unread first, then the newest first. */
  items: z.array(ZStaffInboxItemSchema),
  nextCursor: z.string().nullable(),
  /** Every unread message in the caller's scope, not only this page's. */
  unreadCount: z.number().int(),
});
export type TStaffInboxResponse = z.infer<typeof ZStaffInboxResponseSchema>;

/** An office's reply, as the student received it. */
export const ZStaffReplySchema = z.object({
  id: z.number().int(),
  from: z.string(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** Whether the student marked it read. */
  readByStudent: z.boolean(),
});
export type TStaffReply = z.infer<typeof ZStaffReplySchema>;

/** One conversation: the student's whole message, the replies oldest first, and who may answer. */
export const ZStaffConversationSchema = ZStaffInboxItemSchema.omit({ preview: true }).extend({
  content: z.string(),
  replies: z.array(ZStaffReplySchema),
  /** The offices the caller may reply as; the first, the office the student wrote to, by default. */
  replyOffices: z.array(z.string()),
});
export type TStaffConversation = z.infer<typeof ZStaffConversationSchema>;

export const ZStaffMarkReadResponseSchema = z.object({ officeReadAt: z.string() });

/**
 * A reply: its text, and, for a school officer, which of the school's offices it comes from
 * (the office the student wrote to when absent). The subject is "Re: " and the student's.
 */
export const ZStaffReplyRequestSchema = z.strictObject({
  content: z
    .string({ message: MESSAGE_ERRORS.emptyContent })
    .trim()
    .min(1, MESSAGE_ERRORS.emptyContent)
    .max(MESSAGE_LIMITS.content, MESSAGE_ERRORS.contentTooLong),
  from: z.string().trim().min(1).max(200).optional(),
});
export type TStaffReplyRequest = z.input<typeof ZStaffReplyRequestSchema>;

export const STAFF_INBOX_ERRORS = {
  messageNotFound: 'This student sent no message with this id.',
  officeRefused:
    "A reply comes from the office the student wrote to; a school officer may choose another of the school's offices.",
  badCursor: 'This page of the inbox is not valid. Start again from the first page.',
} as const;

/**
 * The offices a reply may come from: the one the student wrote to, and for a school officer, who
 * answers as the school, any of the school's offices as well.
 */
export function replyOfficesFor(role: TStaffRole, wroteTo: string): string[] {
  if (role !== 'school') return [wroteTo];
  return [wroteTo, ...UNIVERSITY_OFFICES.filter((office) => office !== wroteTo)];
}
