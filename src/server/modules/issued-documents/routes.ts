import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ISSUED_DOCUMENT_KINDS,
  ISSUED_DOCUMENTS,
  MAX_ISSUED_DOCUMENT_BYTES,
  type TIssuedDocumentKind,
} from '../../../shared/issued-documents.js';
import type { TStaffRole } from '../../../shared/staff.js';
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
import { uploadIssuedDocument } from './upload-issued-document.js';

const ZStudentParamsSchema = z.object({ id: z.string().max(64) });
const FILE_RESPONSE = z.any().describe('The PDF');

/** Sends an issued file, or a 404 with `notFound` when there is none or it is gone. */
async function sendIssuedDocument(
  deps: { storage: FileStorage; log: FastifyBaseLogger },
  reply: FastifyReply,
  found: Awaited<ReturnType<typeof findIssuedDocument>>,
  notFound: string,
) {
  const content = found ? await deps.storage.read(found.storageKey) : null;
  if (!found || !content) {
    if (found) deps.log.error({ storageKey: found.storageKey }, 'an issued document has no file');
    throw new HttpError(404, notFound);
  }
  return sendStoredFile(reply, { ...found, content }, 'attachment');
}

/** Who may upload each kind (STAFF_PERMISSIONS); every role in scope may open it. */
const UPLOADERS: Record<TIssuedDocumentKind, readonly TStaffRole[]> = {
  i20: STAFF_PERMISSIONS.issueI20,
  'acceptance-letter': STAFF_PERMISSIONS.editAdmission,
  'sevis-receipt': STAFF_PERMISSIONS.markSevisPaid,
};

const UPLOAD_EFFECTS: Record<TIssuedDocumentKind, string> = {
  i20: 'Issues the I-20 on the `issuedOn` day',
  'acceptance-letter': "Makes it the student's acceptance letter",
  'sevis-receipt': 'Marks the SEVIS I-901 fee paid on the `paidOn` day',
};

/**
 * The console's side of the issued files (in staffScope), one upload and one download per kind:
 * the roles the kind names upload it (audited, on the record's version); staff in scope open it.
 */
export const staffIssuedDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, singleFileMultipartOptions(MAX_ISSUED_DOCUMENT_BYTES));

  for (const kind of ISSUED_DOCUMENT_KINDS) {
    const rules = ISSUED_DOCUMENTS[kind];
    app.post(
      rules.staffPath,
      {
        config: { staffRoles: UPLOADERS[kind] },
        onSend: drainRefusedUpload(MAX_ISSUED_DOCUMENT_BYTES),
        schema: {
          summary: `Upload the student's ${rules.title} (a PDF, up to 10 MB)`,
          description:
            `multipart/form-data: ${rules.dateField ? `the \`${rules.dateField}\` field (YYYY-MM-DD), then ` : ''}` +
            `one \`file\` field, a PDF by its content. ${UPLOAD_EFFECTS[kind]}; replaces an ` +
            'earlier file. If-Match names the record version.',
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
        refuseOversizedRequest(request, MAX_ISSUED_DOCUMENT_BYTES, rules.messages.tooLarge);
        return uploadIssuedDocument(
          { db: app.db, storage: app.fileStorage },
          kind,
          {
            caller: request.staff,
            by: staffActor(request),
            studentId: request.params.id,
            ifMatch: request.headers['if-match'],
          },
          multipartParts(request, rules.messages.noFile),
        );
      },
    );

    app.get(
      rules.staffPath,
      {
        schema: {
          summary: `The student's ${rules.title} file`,
          tags: ['staff'],
          params: ZStudentParamsSchema,
          produces: ['application/pdf'],
          response: { 200: FILE_RESPONSE, 400: ZErrorResponseSchema, 404: ZErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const id = await requireStudentInScope(app.db, request.staff, request.params.id);
        const found = await findIssuedDocument(app.db, id, kind);
        return sendIssuedDocument(
          { storage: app.fileStorage, log: request.log },
          reply,
          found,
          rules.messages.notFound,
        );
      },
    );
  }
};

/** The student's own I-20 and acceptance letter (in verifiedStudentScope): theirs only. */
export const studentIssuedDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ISSUED_DOCUMENT_KINDS) {
    const { ownLink, title, messages } = ISSUED_DOCUMENTS[kind];
    if (ownLink === null) continue;
    app.get(
      ownLink,
      {
        schema: {
          summary: `The signed-in student's ${title}, as their school uploaded it`,
          tags: ['applicant-data'],
          produces: ['application/pdf'],
          response: { 200: FILE_RESPONSE, 404: ZErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const found = await findIssuedDocument(app.db, request.student.id, kind);
        return sendIssuedDocument(
          { storage: app.fileStorage, log: request.log },
          reply,
          found,
          messages.notAvailable,
        );
      },
    );
  }
};
