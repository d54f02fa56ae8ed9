import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import {
  ZStaffAdmissionChangeSchema,
  ZStaffInterviewReviewSchema,
  ZStaffRecordVersionSchema,
  ZStaffSevisChangeSchema,
} from '../../../shared/staff-student-changes.js';
import { staffActor } from '../audit/record-audit-event.js';
import type { StudentRecordChange } from './change-student-record.js';
import { type RecordChangeRequest, saveRecordChange } from './save-record-change.js';

const ZStudentParamsSchema = z.object({ id: z.string().max(64) });
const ZIfMatchHeadersSchema = z.object({
  'if-match': z.string().max(40).optional().describe('The record\'s version: "<version>"'),
});

/** What a change may answer besides its own refusals (401 and 403 are the scope's). */
const CHANGE_RESPONSES = {
  200: ZStaffRecordVersionSchema,
  400: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  428: ZErrorResponseSchema,
};

function admissionChange(body: z.output<typeof ZStaffAdmissionChangeSchema>): StudentRecordChange {
  // A field left out of the body is absent from it: only the fields sent are set.
  const { applications, ...columns } = body;
  return { columns, applicationStatuses: applications ?? [] };
}

/**
 * The console's changes to a student's record (`/staff/students/{id}`), each allowed to the roles
 * STAFF_PERMISSIONS names, in the caller's scope, on the version of the record it was made on,
 * and audited with the change.
 */
export const studentRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const changeRequest = (
    request: Pick<FastifyRequest, 'staff' | 'ip' | 'headers'> & { params: { id: string } },
  ): RecordChangeRequest => ({
    caller: request.staff,
    by: staffActor(request),
    studentId: request.params.id,
    ifMatch: request.headers['if-match'],
  });

  app.put(
    STAFF_API_PATHS.staffStudentAdmission,
    {
      config: { staffRoles: STAFF_PERMISSIONS.editAdmission },
      schema: {
        summary: 'Change the admission details and the applications’ statuses',
        description:
          'Administrators and school officers. Fields left out stay as they are; an empty ' +
          'detail is cleared. If-Match names the record version the change was made on.',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        headers: ZIfMatchHeadersSchema,
        body: ZStaffAdmissionChangeSchema,
        response: CHANGE_RESPONSES,
      },
    },
    async (request) =>
      saveRecordChange(app.db, changeRequest(request), admissionChange(request.body)),
  );

  app.put(
    STAFF_API_PATHS.staffStudentSevis,
    {
      config: { staffRoles: STAFF_PERMISSIONS.markSevisPaid },
      schema: {
        summary: 'Mark the SEVIS I-901 fee paid on a day, or not paid',
        description: 'Every role. If-Match names the record version the change was made on.',
        tags: ['staff'],
        params: ZStudentParamsSchema,
        headers: ZIfMatchHeadersSchema,
        body: ZStaffSevisChangeSchema,
        response: CHANGE_RESPONSES,
      },
    },
    async (request) => {
      const { paidOn } = request.body;
      return saveRecordChange(app.db, changeRequest(request), {
        columns: { sevisPaid: paidOn !== null, sevisPaidOn: paidOn },
        applicationStatuses: [],
      });
    },
  );

  app.put(
    STAFF_API_PATHS.staffStudentInterviewReview,
    {
      config: { staffRoles: STAFF_PERMISSIONS.reviewInterview },
      schema: {
        summary: 'Accept the latest recorded English interview, or ask for a retake',
        description:
          "Administrators and school officers. Accepted, the student's MOI status is " +
          "'Submitted'; a retake (with the reason the student reads) sets it back to " +
          "'Incomplete'. 409 when there is no submitted interview.",
        tags: ['staff'],
        params: ZStudentParamsSchema,
        headers: ZIfMatchHeadersSchema,
        body: ZStaffInterviewReviewSchema,
        response: CHANGE_RESPONSES,
      },
    },
    async (request) => {
      const { decision, reason } = request.body;
      const accepted = decision === 'accept';
      return saveRecordChange(app.db, changeRequest(request), {
        columns: { moiStatus: accepted ? 'Submitted' : 'Incomplete' },
        applicationStatuses: [],
        moiReview: accepted ? { result: 'passed' } : { result: 'failed', reason: reason ?? null },
      });
    },
  );
};
