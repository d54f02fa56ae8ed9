import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import {
  ZStaffOrganisationsResponseSchema,
  ZStaffRevealRequestSchema,
  ZStaffRevealResponseSchema,
  ZStaffStudentCsvQuerySchema,
  STUDENT_CSV_MAX_ROWS,
  ZStaffStudentListQuerySchema,
  ZStaffStudentListResponseSchema,
  ZStaffStudentRecordSchema,
  ZStaffTimelineResponseSchema,
} from '../../../shared/staff-students.js';
import { HttpError } from '../../lib/http-error.js';
import { requestedRange } from '../../lib/byte-range.js';
import { refuseRange, sendStoredFile } from '../../lib/stored-file-reply.js';
import { recordAuditEvent, staffActor } from '../audit/record-audit-event.js';
import {
  findStudentDocument,
  findStudentInterviewVideo,
  type StudentFile,
} from './find-student-files.js';
import { getStaffStudentRecord } from './get-staff-student-record.js';
import { getStudentTimeline } from './get-student-timeline.js';
import { listStaffOrganisations } from './list-staff-organisations.js';
import { listStaffStudents } from './list-staff-students.js';
import { revealStudentField } from './reveal-student-field.js';
import { studentCsvLines } from './student-csv-lines.js';

export const FILE_NOT_FOUND = 'No such file for this student.';

const tooManyStudents = (count: number) =>
  `${count.toLocaleString('en-US')} students match; one export holds at most ${STUDENT_CSV_MAX_ROWS.toLocaleString('en-US')}. Narrow the filters.`;

const ZStudentParamsSchema = z.object({ id: z.string().max(64) });
const ZDocumentParamsSchema = ZStudentParamsSchema.extend({
  documentId: z.coerce.number().int().positive().max(2_147_483_647),
});
const ZVideoParamsSchema = ZStudentParamsSchema.extend({ videoId: z.uuid() });

/** Refusals a route naming a student may answer besides its own: a student outside the scope. */
const NAMES_A_STUDENT = { 404: ZErrorResponseSchema };

/**
 * The staff console's students (`/staff/students`): the list, the organisations to filter it by,
 * one student's record and timeline, a sealed field revealed (audited), and the student's files.
 * Registered in staffScope; every query goes through studentsInScope, so a student outside the
 * caller's scope is a 404 on each.
 */
export const staffStudentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffStudents,
    {
      schema: {
        summary: "The students in the caller's scope, filtered, a page at a time",
        description:
          'Search by name, e-mail or student id (every word, case- and accent-insensitive) or by ' +
          'an exact passport number; filter by stage, school, agency and "needs my action"; sort ' +
          "by name or last activity. Keyset pages: pass the answer's nextCursor as `cursor`. " +
          '`stageCounts` counts each stage under every filter but `stage`.',
        tags: ['staff'],
        querystring: ZStaffStudentListQuerySchema,
        response: { 200: ZStaffStudentListResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => listStaffStudents(app.db, app.dataKeys, request.staff, request.query),
  );

  app.get(
    STAFF_API_PATHS.staffStudentsCsv,
    {
      config: { staffRoles: STAFF_PERMISSIONS.workOnStudents },
      schema: {
        summary: 'The students the filters match, as a CSV file (audited)',
        description:
          `Every student in the caller's scope the filters match, in the list's order, at most ` +
          `${STUDENT_CSV_MAX_ROWS} (a larger match is a 400: narrow the filters). The list's ` +
          'columns, never a sealed field; cells a spreadsheet would run as a formula start with a ' +
          'quote mark. `ids` (separated by commas) exports a selection of the list.',
        tags: ['staff'],
        querystring: ZStaffStudentCsvQuerySchema,
        response: { 200: z.any().describe('text/csv'), 400: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const { total } = await listStaffStudents(app.db, app.dataKeys, request.staff, {
        ...filters,
        limit: 1,
      });
      if (total > STUDENT_CSV_MAX_ROWS) throw new HttpError(400, tooManyStudents(total));
      // Who took which students out of the portal, and how many: an export is personal data.
      await recordAuditEvent(app.db, staffActor(request), {
        action: 'students.export',
        details: { filters, rows: total },
      });
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="students-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(studentCsvLines(app.db, app.dataKeys, request.staff, filters)));
    },
  );

  app.get(
    STAFF_API_PATHS.staffOrganisations,
    {
      schema: {
        summary: "The schools and agencies of the caller's students, to filter by",
        tags: ['staff'],
        response: { 200: ZStaffOrganisationsResponseSchema },
      },
    },
    async (request) => listStaffOrganisations(app.db, request.staff),
  );

  app.get(
    STAFF_API_PATHS.staffStudent,
    {
      schema: {
        summary:
          "One student's record: overview, applications, documents, messages, interviews, profile",
        description:
          'The sealed profile fields (passport number, date of birth, medical conditions, ' +
          'emergency contact) only say whether they hold a value: POST …/reveal shows one.',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        response: { 200: ZStaffStudentRecordSchema, ...NAMES_A_STUDENT },
      },
    },
    async (request) => getStaffStudentRecord(app.db, request.staff, request.params.id),
  );

  app.post(
    STAFF_API_PATHS.staffStudentReveal,
    {
      schema: {
        summary: 'One sealed field of the student’s profile, in the clear (audited)',
        description: 'Each reveal writes a row of the audit log, naming the field, not its value.',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        body: ZStaffRevealRequestSchema,
        response: {
          200: ZStaffRevealResponseSchema,
          400: ZErrorResponseSchema,
          ...NAMES_A_STUDENT,
        },
      },
    },
    async (request, reply) => {
      const { field } = request.body;
      const value = await revealStudentField(
        app.db,
        app.dataKeys,
        request.staff,
        staffActor(request),
        { studentId: request.params.id, field },
      );
      // A value in the clear is kept by nothing between the portal and the console.
      return reply.header('cache-control', 'no-store').send({ field, value });
    },
  );

  app.get(
    STAFF_API_PATHS.staffStudentTimeline,
    {
      schema: {
        summary: 'What the student did and what staff did about them, newest first',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        response: { 200: ZStaffTimelineResponseSchema, ...NAMES_A_STUDENT },
      },
    },
    async (request) => getStudentTimeline(app.db, request.staff, request.params.id),
  );

  /**
   * Sends a student's file, or the range of it the request asks for (a video seeking), or a 404
   * when the student holds none by that id or it is gone.
   */
  const sendFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    found: StudentFile | null,
  ) => {
    if (!found) throw new HttpError(404, FILE_NOT_FOUND);
    const range = requestedRange(request.headers.range, found.size);
    if (range === 'unsatisfiable') return refuseRange(reply, found.size);
    const content = await app.fileStorage.read(found.storageKey, range ?? undefined);
    if (!content) {
      request.log.error({ storageKey: found.storageKey }, "a student's file is missing");
      throw new HttpError(404, FILE_NOT_FOUND);
    }
    return sendStoredFile(reply, { ...found, content }, 'inline', { range });
  };

  app.get(
    STAFF_API_PATHS.staffStudentDocumentFile,
    {
      schema: {
        summary: "One of the student's documents",
        tags: ['staff'],
        params: ZDocumentParamsSchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: {
          200: z.any().describe('The file'),
          206: z.any().describe('The range of the file asked for'),
          400: ZErrorResponseSchema,
          416: ZErrorResponseSchema,
          ...NAMES_A_STUDENT,
        },
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const found = await findStudentDocument(app.db, request.staff, id, documentId);
      return sendFile(request, reply, found);
    },
  );

  app.get(
    STAFF_API_PATHS.staffStudentMoiVideo,
    {
      schema: {
        summary: "One answer of the student's recorded English interview",
        tags: ['staff'],
        params: ZVideoParamsSchema,
        produces: ['video/webm'],
        response: {
          200: z.any().describe('The recording'),
          206: z.any().describe('The range of the recording asked for'),
          400: ZErrorResponseSchema,
          416: ZErrorResponseSchema,
          ...NAMES_A_STUDENT,
        },
      },
    },
    async (request, reply) => {
      const { id, videoId } = request.params;
      const found = await findStudentInterviewVideo(app.db, request.staff, id, videoId);
      return sendFile(request, reply, found);
    },
  );
};
