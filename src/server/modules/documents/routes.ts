import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import {
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  ZDocumentFileQuerySchema,
  ZDocumentIdParamsSchema,
  ZDocumentListQuerySchema,
  ZDocumentListResponseSchema,
  ZDocumentSchema,
} from '../../../shared/documents.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { drainRefusedUpload } from '../../lib/drain-refused-upload.js';
import { HttpError } from '../../lib/http-error.js';
import { multipartParts, singleFileMultipartOptions } from '../../lib/multipart-parts.js';
import { enforceRateLimit } from '../../db/rate-limit.js';
import { refuseOversizedRequest } from '../../lib/refuse-oversized-request.js';
import { sendStoredFile } from '../../lib/stored-file-reply.js';
import { deleteDocument } from './delete-document.js';
import { findDocument } from './find-document.js';
import { listDocuments } from './list-documents.js';
import { uploadDocument } from './upload-document.js';

/** Plenty for a student gathering an application's papers; too few to fill a disk in an hour. */
export const UPLOADS_PER_STUDENT = { limit: 30, windowMs: 10 * 60_000 };

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The application and the document request: two fields before the file.
  await app.register(multipart, singleFileMultipartOptions(MAX_DOCUMENT_BYTES, 2));

  app.get(
    API_PATHS.documents,
    {
      schema: {
        summary: "The signed-in student's documents, newest first",
        description: 'With `applicationId`, only the documents uploaded for that application.',
        tags: ['documents'],
        querystring: ZDocumentListQuerySchema,
        response: { 200: ZDocumentListResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => listDocuments(app.db, request.student.id, request.query.applicationId),
  );

  app.post(
    API_PATHS.documents,
    {
      onSend: drainRefusedUpload(MAX_DOCUMENT_BYTES),
      schema: {
        summary: 'Upload a document (PDF, JPEG or PNG, up to 10 MB)',
        description:
          "multipart/form-data with an optional `applicationId` field and an optional `documentRequestId` field (a request on one of the student's applications, which then waits for review), followed by one `file` field. The type is decided by the file's content, never by its name or declared type.",
        tags: ['documents'],
        consumes: ['multipart/form-data'],
        response: {
          201: ZDocumentSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          413: ZErrorResponseSchema,
          415: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      refuseOversizedRequest(request, MAX_DOCUMENT_BYTES, DOCUMENT_MESSAGES.tooLarge);
      const bucket = `documents:student:${request.student.id}`;
      await enforceRateLimit(app.db, bucket, UPLOADS_PER_STUDENT, DOCUMENT_MESSAGES.tooManyUploads);
      const deps = { db: app.db, storage: app.fileStorage };
      const document = await uploadDocument(
        deps,
        request.student.id,
        multipartParts(request, DOCUMENT_MESSAGES.noFile),
      );
      return reply.status(201).send(document);
    },
  );

  app.get(
    API_PATHS.documentFile,
    {
      schema: {
        summary: "The file of one of the signed-in student's documents",
        description:
          'Shown inline (only PDF, JPEG and PNG are ever stored, checked by content); `download=1` asks for an attachment.',
        tags: ['documents'],
        params: ZDocumentIdParamsSchema,
        querystring: ZDocumentFileQuerySchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: {
          200: z.any().describe('The file'),
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await findDocument(app.db, request.student.id, request.params.id);
      const file = found ? await app.fileStorage.read(found.storageKey) : null;
      if (!found || !file) {
        if (found) request.log.error({ documentId: found.document.id }, 'a document has no file');
        throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
      }
      const { fileName, fileType, fileSize } = found.document;
      const kind = request.query.download === '1' ? 'attachment' : 'inline';
      return sendStoredFile(
        reply,
        { content: file, type: fileType, size: fileSize, name: fileName },
        kind,
      );
    },
  );

  app.delete(
    API_PATHS.document,
    {
      schema: {
        summary: "Delete one of the signed-in student's documents, and its file",
        tags: ['documents'],
        description:
          'An accepted file of a document request cannot be deleted (409); deleting the newest file of a request puts the request back to the state of the file before it.',
        params: ZDocumentIdParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const deps = { db: app.db, storage: app.fileStorage, log: request.log };
      const deleted = await deleteDocument(deps, request.student.id, request.params.id);
      if (!deleted) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
      return reply.status(204).send(null);
    },
  );
};
