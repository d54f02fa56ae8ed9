import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { ZMessageSchema } from '../../../shared/messages.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import {
  ZStaffConversationSchema,
  ZStaffInboxQuerySchema,
  ZStaffInboxResponseSchema,
  ZStaffMarkReadResponseSchema,
  ZStaffReplyRequestSchema,
} from '../../../shared/staff-inbox.js';
import { staffActor } from '../audit/record-audit-event.js';
import { getConversation } from './get-conversation.js';
import { listStaffInbox } from './list-staff-inbox.js';
import { markConversationRead } from './mark-conversation-read.js';
import { replyToStudent } from './reply-to-student.js';

const ZMessageParamsSchema = z.object({
  id: z.string().max(64),
  messageId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * The staff inbox (`/staff/inbox`): the students' messages to the offices in the caller's scope,
 * one conversation with its replies, marking it read, and a reply the student reads in /messages.
 * Registered in staffScope; each route names a student or lists through studentsInScope, so a
 * student outside the caller's scope is a 404.
 */
export const staffInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffInbox,
    {
      config: { staffRoles: STAFF_PERMISSIONS.replyToStudents },
      schema: {
        summary: "The students' messages to the offices, unread first, a page at a time",
        description: "Keyset pages: pass the answer's nextCursor as `cursor`.",
        tags: ['staff'],
        querystring: ZStaffInboxQuerySchema,
        response: { 200: ZStaffInboxResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => listStaffInbox(app.db, request.staff, request.query),
  );

  app.get(
    STAFF_API_PATHS.staffStudentMessage,
    {
      config: { staffRoles: STAFF_PERMISSIONS.replyToStudents },
      schema: {
        summary: "One of a student's messages with the offices' replies (reading marks nothing)",
        tags: ['staff'],
        params: ZMessageParamsSchema,
        response: {
          200: ZStaffConversationSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) =>
      getConversation(app.db, request.staff, {
        studentId: request.params.id,
        messageId: request.params.messageId,
      }),
  );

  app.put(
    STAFF_API_PATHS.staffStudentMessageRead,
    {
      config: { staffRoles: STAFF_PERMISSIONS.replyToStudents },
      schema: {
        summary: "Mark a student's message read by the offices (audited the first time)",
        tags: ['staff'],
        params: ZMessageParamsSchema,
        response: {
          200: ZStaffMarkReadResponseSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) =>
      markConversationRead(app.db, request.staff, staffActor(request), {
        studentId: request.params.id,
        messageId: request.params.messageId,
      }),
  );

  app.post(
    STAFF_API_PATHS.staffStudentMessageReplies,
    {
      config: { staffRoles: STAFF_PERMISSIONS.replyToStudents },
      schema: {
        summary: "Reply to a student's message as an office (audited; the student reads it)",
        description:
          'The reply comes from the office the student wrote to; a school officer may name another of the ' +
          'school\'s offices in `from`. Its subject is the message\'s, after "Re: ".',
        tags: ['staff'],
        params: ZMessageParamsSchema,
        body: ZStaffReplyRequestSchema,
        response: { 201: ZMessageSchema, 400: ZErrorResponseSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const posted = await replyToStudent(app.db, request.staff, staffActor(request), {
        studentId: request.params.id,
        messageId: request.params.messageId,
        content: request.body.content,
        from: request.body.from,
      });
      return reply.status(201).send(posted);
    },
  );
};
