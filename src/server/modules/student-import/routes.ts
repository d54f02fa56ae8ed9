import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import {
  MAX_STUDENT_IMPORT_BYTES,
  STUDENT_IMPORT_MESSAGES,
  ZNewStudentChoicesSchema,
  ZNewStudentRequestSchema,
  ZNewStudentSchema,
  ZStudentImportPreviewSchema,
  ZStudentImportRefusedSchema,
  ZStudentImportResultSchema,
} from '../../../shared/student-import.js';
import { drainRefusedUpload } from '../../lib/drain-refused-upload.js';
import { multipartParts, singleFileMultipartOptions } from '../../lib/multipart-parts.js';
import { refuseOversizedRequest } from '../../lib/refuse-oversized-request.js';
import { staffActor } from '../audit/record-audit-event.js';
import { addStudent } from './add-student.js';
import { importStudents } from './import-students.js';
import { listNewStudentChoices } from './list-new-student-choices.js';
import { previewStudentImport } from './preview-student-import.js';
import { readImportUpload } from './read-import-upload.js';

const UPLOAD_REFUSALS = {
  400: ZErrorResponseSchema,
  413: ZErrorResponseSchema,
  415: ZErrorResponseSchema,
};

const IMPORT_FORM =
  'multipart/form-data with one `file` field: the students CSV (or JSON) the command line ' +
  "import-students takes, UTF-8, at most 5 MB and 10,000 rows. An agent's students must name an " +
  "agent of their agency (an agency's only agent is taken when none is named).";

/**
 * Adding students from the console (in staffScope): one by hand, or a file checked in a preview
 * and then imported all or nothing. Administrators and agents only (STAFF_PERMISSIONS); an
 * agent's new students land in their agency. Every new student's invite code is answered this once.
 */
export const studentImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, singleFileMultipartOptions(MAX_STUDENT_IMPORT_BYTES));
  const deps = { db: app.db, keys: app.dataKeys };

  app.get(
    STAFF_API_PATHS.staffNewStudentChoices,
    {
      config: { staffRoles: STAFF_PERMISSIONS.manageInvites },
      schema: {
        summary: 'The schools and agents a new student may be given',
        tags: ['staff'],
        response: { 200: ZNewStudentChoicesSchema },
      },
    },
    async (request) => listNewStudentChoices(app.db, request.staff),
  );

  app.post(
    STAFF_API_PATHS.staffStudents,
    {
      config: { staffRoles: STAFF_PERMISSIONS.manageInvites },
      schema: {
        summary: 'Add a student and their first invite (audited; the code is answered this once)',
        tags: ['staff'],
        body: ZNewStudentRequestSchema,
        response: { 201: ZNewStudentSchema, 400: ZErrorResponseSchema, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const added = await addStudent(deps, request.staff, staffActor(request), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(added);
    },
  );

  app.post(
    STAFF_API_PATHS.staffStudentImportPreview,
    {
      config: { staffRoles: STAFF_PERMISSIONS.importStudents },
      onSend: drainRefusedUpload(MAX_STUDENT_IMPORT_BYTES),
      schema: {
        summary: 'Check a students file row by row; nothing is written',
        description: IMPORT_FORM,
        tags: ['staff'],
        consumes: ['multipart/form-data'],
        response: { 200: ZStudentImportPreviewSchema, ...UPLOAD_REFUSALS },
      },
    },
    async (request) => {
      refuseOversizedRequest(request, MAX_STUDENT_IMPORT_BYTES, STUDENT_IMPORT_MESSAGES.tooLarge);
      const source = await readImportUpload(
        multipartParts(request, STUDENT_IMPORT_MESSAGES.noFile),
      );
      return previewStudentImport(deps, request.staff, source);
    },
  );

  app.post(
    STAFF_API_PATHS.staffStudentImport,
    {
      config: { staffRoles: STAFF_PERMISSIONS.importStudents },
      onSend: drainRefusedUpload(MAX_STUDENT_IMPORT_BYTES),
      schema: {
        summary: 'Import a students file: every row, or none (audited per student)',
        description: `${IMPORT_FORM} A file with any bad row answers 422 with every row's reason.`,
        tags: ['staff'],
        consumes: ['multipart/form-data'],
        response: {
          201: ZStudentImportResultSchema,
          ...UPLOAD_REFUSALS,
          409: ZErrorResponseSchema,
          422: ZStudentImportRefusedSchema,
        },
      },
    },
    async (request, reply) => {
      refuseOversizedRequest(request, MAX_STUDENT_IMPORT_BYTES, STUDENT_IMPORT_MESSAGES.tooLarge);
      const source = await readImportUpload(
        multipartParts(request, STUDENT_IMPORT_MESSAGES.noFile),
      );
      const outcome = await importStudents(deps, request.staff, staffActor(request), source);
      if ('refused' in outcome) return reply.status(422).send(outcome.refused);
      return reply.status(201).header('cache-control', 'no-store').send(outcome.imported);
    },
  );
};
