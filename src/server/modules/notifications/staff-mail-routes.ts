import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  STAFF_MAIL_ERRORS,
  ZFailedNotificationsResponseSchema,
  ZMailboxIdSchema,
  ZMailboxMessageSchema,
  ZMailboxResponseSchema,
  ZNotificationRetryResponseSchema,
} from '../../../shared/staff-mail.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import { HttpError } from '../../lib/http-error.js';
import { staffActor } from '../audit/record-audit-event.js';
import { listFailedNotifications } from './list-failed-notifications.js';
import { listMailbox, readMailboxMessage } from './mailbox.js';
import { retryNotification } from './retry-notification.js';

const ADMINS = { staffRoles: STAFF_PERMISSIONS.manageNotifications };

/**
 * The administrators' mail page (`/staff/mail`): the local mailbox this server writes to outside
 * production without SMTP_URL, and the notifications not delivered, each of which may be sent
 * again (audited). Registered in staffScope.
 */
export const staffMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mail } = app.config;
  const mailbox = mail.kind === 'mailbox' ? mail.directory : null;

  app.get(
    STAFF_API_PATHS.staffMail,
    {
      config: ADMINS,
      schema: {
        summary: 'The local mailbox, newest first (administrators)',
        description: '`mailbox` is false where mail goes through SMTP (or nowhere): no messages.',
        tags: ['staff'],
        response: { 200: ZMailboxResponseSchema },
      },
    },
    async () => ({
      mailbox: mailbox !== null,
      messages: mailbox ? await listMailbox(mailbox) : [],
    }),
  );

  app.get(
    STAFF_API_PATHS.staffMailMessage,
    {
      config: ADMINS,
      schema: {
        summary: 'One message of the local mailbox, its text and HTML (administrators)',
        tags: ['staff'],
        params: z.object({ id: ZMailboxIdSchema }),
        response: {
          200: ZMailboxMessageSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const message = mailbox ? await readMailboxMessage(mailbox, request.params.id) : null;
      if (!message) throw new HttpError(404, STAFF_MAIL_ERRORS.messageNotFound);
      return message;
    },
  );

  app.get(
    STAFF_API_PATHS.staffFailedNotifications,
    {
      config: ADMINS,
      schema: {
        summary: 'The notifications not delivered after every retry, newest first (administrators)',
        tags: ['staff'],
        response: { 200: ZFailedNotificationsResponseSchema },
      },
    },
    async () => ({ items: await listFailedNotifications(app.db) }),
  );

  app.post(
    STAFF_API_PATHS.staffNotificationRetry,
    {
      config: ADMINS,
      schema: {
        summary: 'Send a failed notification again (administrators; audited)',
        tags: ['staff'],
        params: z.object({ id: z.uuid("must be a notification's id") }),
        response: {
          200: ZNotificationRetryResponseSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request) => retryNotification(app.db, staffActor(request), request.params.id),
  );
};
