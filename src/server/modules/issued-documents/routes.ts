import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { I20_MESSAGES, MAX_I20_BYTES } from '../../../shared/issued-documents.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import { ZStaffRecordVersionSchema } from '../../../shared/staff-student-changes.js';
import { drainRefusedUpload } from '../../lib/drain-refused-upload.js';
import { HttpError } from '../../lib/http-error.js';
import { multipartParts, singleFileMultipartOptions } from '../../lib/multipart-parts.js';
import { refuseOversizedRequest } from '../../lib/refuse-oversized-request.js';
import { sendStoredFile } from '../../lib/stored-file-reply.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { staffActor } from '../audit/record-audit-event.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import { findIssuedDocument } from './find-issued-document.js';
import { uploadI20 } from './upload-i20.js';

const ZStudentParamsSchema = z.object({ id: z.string().max(64) });
const FILE_RESPONSE = z.any().describe('The PDF');

/** Sends the student's I-20 file, or a 404 with `notFound` when there is none or it is gone. */
async function sendI20(
  deps: { storage: FileStorage; log: FastifyBaseLogger },
  reply: FastifyReply,
  found: Awaited<ReturnType<typeof findIssuedDocument>>,
  notFound: string,
) {
  const content = found ? await deps.storage.read(found.storageKey) : null;
  if (!found || !content) {
    if (found) deps.log.error({ storageKey: found.storageKey }, 'an issued I-20 has no file');
    throw new HttpError(404, notFound);
  }
  return sendStoredFile(reply, { ...found, content }, 'attachment');
}

/**
 * The console's side of the I-20 file (in staffScope): a school officer or an administrator
 * uploads it, which issues the I-20 (audited, on the record's version); staff in scope open it.
 */
export const staffIssuedDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, singleFileMultipartOptions(MAX_I20_BYTES));

  app.post(
    API_PATHS.staffStudentI20,
    {
      config: { staffRoles: STAFF_PERMISSIONS.issueI20 },
      onSend: drainRefusedUpload(MAX_I20_BYTES),
      schema: {
        summary: "Issue the student's I-20 from its PDF (up to 10 MB)",
        description:
          'multipart/form-data: the `issuedOn` field (YYYY-MM-DD), then one `file` field, a PDF ' +
          'by its content. Replaces an earlier file. If-Match names the record version.',
        tags: ['staff'],
        consumes: ['multipart/form-data'],
        params: ZStudentParamsSchema,
        response: {
          200: ZStaffRecordVersionSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          413: ZErrorResponseSchema,
          415: ZErrorResponseSchema,
          428: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
      refuseOversizedRequest(request, MAX_I20_BYTES, I20_MESSAGES.tooLarge);
      return uploadI20(
        { db: app.db, storage: app.fileStorage },
        {
          caller: request.staff,
          by: staffActor(request),
          studentId: request.params.id,
          ifMatch: request.headers['if-match'],
        },
        multipartParts(request, I20_MESSAGES.noFile),
      );
    },
  );

  app.get(
    API_PATHS.staffStudentI20,
    {
      schema: {
        summary: "The student's I-20 file",
        tags: ['staff'],
        params: ZStudentParamsSchema,
        produces: ['application/pdf'],
        response: { 200: FILE_RESPONSE, 400: ZErrorResponseSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const id = await requireStudentInScope(app.db, request.staff, request.params.id);
      const found = await findIssuedDocument(app.db, id, 'i20');
      return sendI20(
        { storage: app.fileStorage, log: request.log },
        reply,
        found,
        I20_MESSAGES.notFound,
      );
    },
  );
};

/** The student's own I-20 file (in verifiedStudentScope): theirs only, by their session. */
export const studentIssuedDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.studentI20,
    {
      schema: {
        summary: "The signed-in student's I-20, as their school uploaded it",
        tags: ['applicant-data'],
        produces: ['application/pdf'],
        response: { 200: FILE_RESPONSE, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const found = await findIssuedDocument(app.db, request.student.id, 'i20');
      return sendI20(
        { storage: app.fileStorage, log: request.log },
        reply,
        found,
        I20_MESSAGES.notAvailable,
      );
    },
  );
};
