import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZCreatedDocumentRequestSchema,
  ZDocumentReviewSchema,
  ZNewDocumentRequestSchema,
  ZReviewQueueResponseSchema,
  ZSchoolChecklistSchema,
  ZStaffDocumentRequestListResponseSchema,
  ZStaffDocumentRequestSchema,
} from '../../../shared/staff-document-requests.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import { documentRequests } from '../../db/schema.js';
import { staffActor } from '../audit/record-audit-event.js';
import { requireApplicationInScope } from './in-scope.js';
import { listStaffDocumentRequests } from './request-rows.js';
import { listReviewQueue } from './review-queue.js';
import { getSchoolChecklist, saveSchoolChecklist } from './school-checklist.js';
import { createDocumentRequest, deleteDocumentRequest, reviewDocument } from './staff-changes.js';

/** A row id in a path: anything else is a 400 before any query. */
const ZIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const FAILURES = { 400: ZErrorResponseSchema, 404: ZErrorResponseSchema };

/**
 * The console's side of required documents (in staffScope): each application's requests, asking
 * and removing, reviewing files, the queue of files waiting, and the schools' default checklists.
 * Every write is audited in its transaction; a student outside the caller's scope is a 404.
 */
export const staffDocumentRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = (request: FastifyRequest) => ({
    caller: request.staff,
    by: staffActor(request),
  });

  app.get(
    STAFF_API_PATHS.staffApplicationDocumentRequests,
    {
      config: { staffRoles: STAFF_PERMISSIONS.reviewDocuments },
      schema: {
        summary: "The documents asked for on a student's application, oldest first",
        description: 'Each request with its files, newest first, who asked and who reviewed.',
        tags: ['staff'],
        params: ZIdParamsSchema,
        response: { 200: ZStaffDocumentRequestListResponseSchema, ...FAILURES },
      },
    },
    async (request) => {
      const application = await requireApplicationInScope(app.db, request.staff, request.params.id);
      return listStaffDocumentRequests(app.db, eq(documentRequests.applicationId, application.id));
    },
  );

  app.post(
    STAFF_API_PATHS.staffApplicationDocumentRequests,
    {
      config: { staffRoles: STAFF_PERMISSIONS.reviewDocuments },
      schema: {
        summary: 'Ask the student for a document on this application (audited)',
        tags: ['staff'],
        params: ZIdParamsSchema,
        body: ZNewDocumentRequestSchema,
        response: { 201: ZCreatedDocumentRequestSchema, ...FAILURES, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createDocumentRequest(
        app.db,
        write(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    STAFF_API_PATHS.staffDocumentRequest,
    {
      config: { staffRoles: STAFF_PERMISSIONS.reviewDocuments },
      schema: {
        summary: 'Remove a document request the student uploaded nothing to (audited)',
        tags: ['staff'],
        params: ZIdParamsSchema,
        response: { 204: z.null().describe('Removed'), ...FAILURES, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteDocumentRequest(app.db, write(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    STAFF_API_PATHS.staffDocumentReview,
    {
      config: { staffRoles: STAFF_PERMISSIONS.reviewDocuments },
      schema: {
        summary: "Accept a request's file, or send it back with a reason (audited)",
        description:
          'Only the file waiting for review: a file already reviewed (by someone else at the same moment, too) is a 409.',
        tags: ['staff'],
        params: ZIdParamsSchema,
        body: ZDocumentReviewSchema,
        response: { 200: ZStaffDocumentRequestSchema, ...FAILURES, 409: ZErrorResponseSchema },
      },
    },
    async (request) => reviewDocument(app.db, write(request), request.params.id, request.body),
  );

  app.get(
    STAFF_API_PATHS.staffReviews,
    {
      config: { staffRoles: STAFF_PERMISSIONS.reviewDocuments },
      schema: {
        summary: 'Files waiting for review, of the students in scope, the oldest first',
        tags: ['staff'],
        response: { 200: ZReviewQueueResponseSchema },
      },
    },
    async (request) => listReviewQueue(app.db, request.staff),
  );

  app.get(
    STAFF_API_PATHS.staffSchoolChecklist,
    {
      config: { staffRoles: STAFF_PERMISSIONS.editSchoolChecklist },
      schema: {
        summary: "A school's default checklist: requested on each new application to it",
        description: "A school officer reads their own school's; another school is a 404.",
        tags: ['staff'],
        params: ZIdParamsSchema,
        response: { 200: ZSchoolChecklistSchema, ...FAILURES },
      },
    },
    async (request) => getSchoolChecklist(app.db, request.staff, request.params.id),
  );

  app.put(
    STAFF_API_PATHS.staffSchoolChecklist,
    {
      config: { staffRoles: STAFF_PERMISSIONS.editSchoolChecklist },
      schema: {
        summary: "Replace a school's default checklist (audited)",
        description:
          'Applies to applications added from now on; the requests of existing applications stay as they are.',
        tags: ['staff'],
        params: ZIdParamsSchema,
        body: ZSchoolChecklistSchema,
        response: { 200: ZSchoolChecklistSchema, ...FAILURES },
      },
    },
    async (request) =>
      saveSchoolChecklist(app.db, write(request), request.params.id, request.body.items),
  );
};
