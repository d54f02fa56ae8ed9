import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { APPLICATION_NOT_FOUND } from '../../../shared/applications.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  MESSAGE_ERRORS,
  ZMessageIdParamsSchema,
  ZMessageListResponseSchema,
  ZMessageSchema,
  ZSendMessageRequestSchema,
} from '../../../shared/messages.js';
import { HttpError } from '../../lib/http-error.js';
import { enforceRateLimit } from '../../db/rate-limit.js';
import { readOwnRows } from '../auth/own-rows-list.js';
import { messageList } from './message-row.js';
import { markMessageRead } from './mark-message-read.js';
import { sendMessage } from './send-message.js';

/** Enough for a real conversation, too few to flood an office's inbox. */
export const MESSAGES_SENT_PER_STUDENT = { limit: 20, windowMs: 60_000 };

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.messages,
    {
      // The session is judged on the list's own read (readAsVerifiedStudent), not again.
      config: { sessionCheckedRead: true },
      schema: {
        summary: "The signed-in student's messages, the newest first",
        tags: ['messages'],
        response: { 200: ZMessageListResponseSchema },
      },
    },
    async (request) =>
      app.readAsVerifiedStudent(request, (session) => readOwnRows(app.db, messageList, session)),
  );

  app.post(
    API_PATHS.messages,
    {
      schema: {
        summary: 'Send a message to one of the university offices',
        description:
          'Takes both payloads of the spec: {to, subject, content} and {from, content, subject, to, isRead}, with an optional applicationId. The sender is always the signed-in student.',
        tags: ['messages'],
        body: ZSendMessageRequestSchema,
        response: {
          201: ZMessageSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const bucket = `messages:student:${request.student.id}`;
      await enforceRateLimit(app.db, bucket, MESSAGES_SENT_PER_STUDENT, MESSAGE_ERRORS.tooManySent);
      const message = await sendMessage(app.db, request.student, request.body);
      if (!message) throw new HttpError(404, APPLICATION_NOT_FOUND);
      return reply.status(201).send(message);
    },
  );

  app.patch(
    API_PATHS.messageRead,
    {
      schema: {
        summary: "Mark one of the signed-in student's messages read",
        description: "Marking a read message again changes nothing. Another student's id gets 404.",
        tags: ['messages'],
        params: ZMessageIdParamsSchema,
        response: {
          200: ZMessageSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const message = await markMessageRead(app.db, request.student.id, request.params.id);
      if (!message) throw new HttpError(404, MESSAGE_ERRORS.notFound);
      return message;
    },
  );
};
