import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ZSavedRepliesResponseSchema,
  ZSavedReplyRequestSchema,
  ZSavedReplySchema,
} from '../../../shared/saved-replies.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import { staffActor } from '../audit/record-audit-event.js';
import { deleteSavedReply } from './delete-saved-reply.js';
import { listSavedReplies } from './list-saved-replies.js';
import { saveSavedReply } from './save-saved-reply.js';

const ZSavedReplyParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * Saved replies (`/staff/saved-replies`): every staff member reads them to insert one into a
 * reply; administrators add, change and remove them, each audited. Registered in staffScope.
 */
export const savedReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffSavedReplies,
    {
      schema: {
        summary: 'The saved replies, by title',
        tags: ['staff'],
        response: { 200: ZSavedRepliesResponseSchema },
      },
    },
    async () => ({ items: await listSavedReplies(app.db) }),
  );

  app.post(
    STAFF_API_PATHS.staffSavedReplies,
    {
      config: { staffRoles: STAFF_PERMISSIONS.editSavedReplies },
      schema: {
        summary: 'Add a saved reply (administrators; audited)',
        tags: ['staff'],
        body: ZSavedReplyRequestSchema,
        response: { 201: ZSavedReplySchema, 400: ZErrorResponseSchema, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const saved = await saveSavedReply(app.db, request.staff, staffActor(request), request.body);
      return reply.status(201).send(saved);
    },
  );

  app.put(
    STAFF_API_PATHS.staffSavedReply,
    {
      config: { staffRoles: STAFF_PERMISSIONS.editSavedReplies },
      schema: {
        summary: 'Change a saved reply (administrators; audited)',
        tags: ['staff'],
        params: ZSavedReplyParamsSchema,
        body: ZSavedReplyRequestSchema,
        response: {
          200: ZSavedReplySchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request) =>
      saveSavedReply(app.db, request.staff, staffActor(request), request.body, request.params.id),
  );

  app.delete(
    STAFF_API_PATHS.staffSavedReply,
    {
      config: { staffRoles: STAFF_PERMISSIONS.editSavedReplies },
      schema: {
        summary: 'Remove a saved reply (administrators; audited)',
        tags: ['staff'],
        params: ZSavedReplyParamsSchema,
        response: { 204: z.null(), 400: ZErrorResponseSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteSavedReply(app.db, staffActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
