import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import {
  MAX_BULK_STUDENTS,
  ZBulkChangeRequestSchema,
  ZBulkChangeResultSchema,
  ZStaffAgentsResponseSchema,
} from '../../../shared/student-bulk-changes.js';
import { staffActor } from '../audit/record-audit-event.js';
import { listAssignableAgents } from './assignable-agents.js';
import { changeStudents } from './change-students.js';

/** Changes to many students of the staff list at once, and the agents they may be assigned to. */
export const studentBulkChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    STAFF_API_PATHS.staffStudentsBulk,
    {
      config: { staffRoles: STAFF_PERMISSIONS.workOnStudents },
      schema: {
        summary: 'Set the admission status of, or assign an agent to, many students at once',
        description:
          "The students by id, or every student in scope the list's filters match (at most " +
          `${MAX_BULK_STUDENTS}). The admission status needs the roles of the one-student change ` +
          '(administrators, school officers); an agent, those who may assign one (administrators, ' +
          "and agents to their own agency's agents). One transaction, an audit row per student " +
          'changed; the answer counts the students changed and lists those skipped, with why.',
        tags: ['staff'],
        body: ZBulkChangeRequestSchema,
        response: { 200: ZBulkChangeResultSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) =>
      changeStudents(
        { db: app.db, keys: app.dataKeys },
        request.staff,
        staffActor(request),
        request.body,
      ),
  );

  app.get(
    STAFF_API_PATHS.staffAgents,
    {
      config: { staffRoles: STAFF_PERMISSIONS.assignAgent },
      schema: {
        summary: 'The agents the caller may assign students to',
        description: "Administrators: every agent. Agents: their own agency's.",
        tags: ['staff'],
        response: { 200: ZStaffAgentsResponseSchema },
      },
    },
    async (request) => ({ agents: await listAssignableAgents(app.db, request.staff) }),
  );
};
