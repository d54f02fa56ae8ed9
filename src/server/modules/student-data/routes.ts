import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import { ZStudentDataConfirmSchema, ZStudentDeletedSchema } from '../../../shared/student-data.js';
import { zipStream } from '../../lib/zip-stream.js';
import { staffActor } from '../audit/record-audit-event.js';
import { deleteStudentData } from './delete-student-data.js';
import { readStudentDataExport, studentDataEntries } from './export-student-data.js';

const ZStudentParamsSchema = z.object({ id: z.string().max(64) });

/**
 * A student's data on their request (`/staff/students/{id}`), for administrators only: a copy of
 * it, or its deletion. Each needs the student's name typed (a 400 otherwise) and is audited.
 */
export const studentDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    STAFF_API_PATHS.staffStudentDataExport,
    {
      config: { staffRoles: STAFF_PERMISSIONS.handleStudentData },
      schema: {
        summary: 'A copy of everything the portal holds about a student, as a zip (audited)',
        description:
          'Administrators. Every row of every table of the student as JSON (sealed values in ' +
          'the clear, lookup hashes left out) and every stored file. Made on request and sent ' +
          'once: nothing of it is kept on the server.',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        body: ZStudentDataConfirmSchema,
        produces: ['application/zip'],
        response: {
          200: z.any().describe('application/zip'),
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const exported = await readStudentDataExport(
        { db: app.db, keys: app.dataKeys },
        request.staff,
        staffActor(request),
        { studentId: request.params.id, confirmName: request.body.confirmName },
      );
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          `attachment; filename="student-${exported.studentId}-${today}.zip"`,
        )
        .header('cache-control', 'no-store')
        .send(zipStream(studentDataEntries(exported, app.fileStorage, request.log)));
    },
  );

  app.delete(
    STAFF_API_PATHS.staffStudent,
    {
      config: { staffRoles: STAFF_PERMISSIONS.handleStudentData },
      schema: {
        summary: 'Delete a student with every row and file of theirs (audited)',
        description:
          'Administrators. The audit log keeps its rows about the student, naming them by id.',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        body: ZStudentDataConfirmSchema,
        response: {
          200: ZStudentDeletedSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request) =>
      deleteStudentData(
        { db: app.db, storage: app.fileStorage, log: request.log },
        request.staff,
        staffActor(request),
        { studentId: request.params.id, confirmName: request.body.confirmName },
      ),
  );
};
