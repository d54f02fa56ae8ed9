import { z } from 'zod';

/**
 * Messages between the student and the university's offices (spec sections 2 "/messages",
 * 3 "Message", 5 "Messages", 7). Each message belongs to one student; the server sets `from`
 * (the student's name) on what the student sends, whatever the client claims.
 */
export const ZMessageSchema = z.object({
  id: z.number().int().positive(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
  /** 'inbound' from an office to the student; 'outbound' from the student. */
  direction: z.enum(['inbound', 'outbound']),
  /** The application the message is about, or null for a general message. */
  applicationId: z.number().int().positive().nullable(),
  /**
   * For an office's reply: the id of the student's message it answers, which /messages shows it
   * under; null otherwise. Not among the spec's fields, so a list kept offline before replies
   * were threaded reads as having none.
   */
  replyTo: z.number().int().positive().nullable().default(null),
});
export type TMessage = z.infer<typeof ZMessageSchema>;

export const ZMessageListResponseSchema = z.array(ZMessageSchema);
export type TMessageListResponse = z.infer<typeof ZMessageListResponseSchema>;

/** Spec section 2: a new message goes to one of four fixed university offices. */
export const UNIVERSITY_OFFICES = [
  'Admissions Office',
  'International Student Office',
  'Financial Aid Office',
  "Registrar's Office",
] as const;
export type TUniversityOffice = (typeof UNIVERSITY_OFFICES)[number];

export const MESSAGE_LIMITS = { subject: 200, content: 5000 } as const;

export const MESSAGE_ERRORS = {
  emptyContent: 'Please write a message before sending.',
  contentTooLong: `Messages can be at most ${MESSAGE_LIMITS.content} characters.`,
  subjectTooLong: `Subjects can be at most ${MESSAGE_LIMITS.subject} characters.`,
  subjectNotOneLine: 'Subjects must be a single line of text.',
  unknownOffice: 'Please choose one of the university offices.',
  notFound: 'Message not found.',
  sendFailed: 'Your message could not be sent. Please try again.',
  tooManySent:
    'You have sent a lot of messages in a short time. Please wait a minute and try again.',
} as const;

/**
 * A subject is one line: the offices read it in lists (and the admin command line's), where a
 * line break or a control character (C0, DEL, C1, the Unicode line separators) could forge
 * another entry or drive a terminal.
 */
const CONTROL_OR_LINE_BREAK = /[\p{Cc}\u2028\u2029]/u;

/**
 * POST /api/messages. The messages page sends {to, subject, content}; the application detail page
 * sends {from, content, subject, to, isRead} (spec section 7) and, in this portal, the
 * applicationId it is about. `from` and `isRead` are accepted for that payload's sake and ignored:
 * the sender is the signed-in student and a sent message counts as read.
 */
export const ZSendMessageRequestSchema = z
  .object({
    to: z.enum(UNIVERSITY_OFFICES, { message: MESSAGE_ERRORS.unknownOffice }),
    subject: z
      .string()
      .trim()
      .max(MESSAGE_LIMITS.subject, MESSAGE_ERRORS.subjectTooLong)
      .refine((subject) => !CONTROL_OR_LINE_BREAK.test(subject), MESSAGE_ERRORS.subjectNotOneLine),
    content: z
      .string({ message: MESSAGE_ERRORS.emptyContent })
      .trim()
      .min(1, MESSAGE_ERRORS.emptyContent)
      .max(MESSAGE_LIMITS.content, MESSAGE_ERRORS.contentTooLong),
    applicationId: z.number().int().positive().max(2_147_483_647).optional(),
    from: z.string().max(200).optional(),
    isRead: z.boolean().optional(),
  })
  .strict();
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequestSchema>;

export const ZMessageIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
