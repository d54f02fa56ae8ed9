import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { STAFF_PERMISSIONS } from '../../../shared/staff-permissions.js';
import { ZStaffNewInviteSchema } from '../../../shared/staff-student-changes.js';
import { recordAuditEvent, staffActor } from '../audit/record-audit-event.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import { issueInvite } from './issue-invite.js';

const ZStudentParamsSchema = z.object({ id: z.string().max(64) });

/**
 * A new invite for a student in the caller's scope, from their record (administrators and
 * agents): the first one, a lost code, or account recovery. As with the command line's
 * revoke-access, everything the old invite could still do ends with it: the old code, every
 * session and passkey, the identity check. Audited in the same transaction; the code is answered
 * this once.
 */
export const staffInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    STAFF_API_PATHS.staffStudentInvite,
    {
      config: { staffRoles: STAFF_PERMISSIONS.manageInvites },
      schema: {
        summary: "Issue the student a new invite, ending the old one and the student's access",
        tags: ['staff'],
        params: ZStudentParamsSchema,
        response: { 200: ZStaffNewInviteSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const invite = await app.db.transaction(async (tx) => {
        const studentId = await requireStudentInScope(tx, request.staff, request.params.id);
        const issued = await issueInvite(tx, app.dataKeys, { studentId });
        await recordAuditEvent(tx, staffActor(request), {
          action: 'access.revoke',
          studentId,
          details: {
            revokedPasskeys: issued.revokedPasskeys,
            inviteExpiresAt: issued.expiresAt.toISOString(),
          },
        });
        return issued;
      });
      // The code is the student's way in: nothing between the portal and the console keeps it.
      return reply.header('cache-control', 'no-store').send({
        code: invite.code,
        expiresAt: invite.expiresAt.toISOString(),
        revokedPasskeys: invite.revokedPasskeys,
      });
    },
  );
};
