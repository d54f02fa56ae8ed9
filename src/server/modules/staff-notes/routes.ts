import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import {
  ZStaffNoteRequestSchema,
  ZStaffNoteSchema,
  ZStaffNotesResponseSchema,
} from '../../../shared/staff-students.js';
import { staffActor } from '../audit/record-audit-event.js';
import { addStaffNote, listStaffNotes } from './staff-notes.js';

const ZStudentParamsSchema = z.object({ id: z.string().max(64) });

/** Staff's internal notes on a student (`/staff/students/{id}`), never shown to the student. */
export const staffNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffStudentNotes,
    {
      config: { staffRoles: STAFF_PERMISSIONS.workOnStudents },
      schema: {
        summary: 'The internal notes on a student, newest first',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        response: { 200: ZStaffNotesResponseSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      items: await listStaffNotes(app.db, request.staff, request.params.id),
    }),
  );

  app.post(
    STAFF_API_PATHS.staffStudentNotes,
    {
      config: { staffRoles: STAFF_PERMISSIONS.workOnStudents },
      schema: {
        summary: 'Add an internal note on a student (audited; the student never sees it)',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        body: ZStaffNoteRequestSchema,
        response: { 201: ZStaffNoteSchema, 400: ZErrorResponseSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const note = await addStaffNote(app.db, request.staff, staffActor(request), {
        studentId: request.params.id,
        body: request.body.body,
      });
      return reply.status(201).send(note);
    },
  );
};
