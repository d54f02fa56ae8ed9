import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ZCreateStaffRequestSchema,
  ZEnrolmentLinkResponseSchema,
  ZStaffAccountSchema,
  ZStaffOrganisationChoicesSchema,
  ZStaffTeamResponseSchema,
} from '../../../shared/staff-team.js';
import { agencies, schools } from '../../db/schema.js';
import { staffActor } from '../audit/record-audit-event.js';
import { createStaffAccount } from './create-staff-account.js';
import { disableStaffAccount } from './disable-staff-account.js';
import { listStaffAccounts } from './list-staff-accounts.js';
import { renewEnrolmentLink } from './renew-enrolment-link.js';

const ADMINS_ONLY = { staffRoles: ['admin'] } as const;
const ZAccountParamsSchema = z.object({ id: z.string().max(64) });

/**
 * Staff accounts (`/staff/team`), for administrators only: the list, a new account with its
 * enrolment link, disabling one, and a new link for one (recovery). Registered in staffScope.
 */
export const staffTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffTeam,
    {
      config: ADMINS_ONLY,
      schema: {
        summary: 'Every staff account',
        tags: ['staff'],
        response: { 200: ZStaffTeamResponseSchema },
      },
    },
    async () => ({ items: await listStaffAccounts(app.db) }),
  );

  app.post(
    STAFF_API_PATHS.staffTeam,
    {
      config: ADMINS_ONLY,
      schema: {
        summary: 'Create a staff account and its first enrolment link',
        description:
          'An agent needs `agencyId`, a school officer `schoolId`, an administrator neither. ' +
          'The enrolment link is in this answer only: it is stored hashed.',
        tags: ['staff'],
        body: ZCreateStaffRequestSchema,
        response: {
          201: ZEnrolmentLinkResponseSchema,
          400: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createStaffAccount(
        app.db,
        app.dataKeys,
        app.config.publicOrigin,
        staffActor(request),
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    STAFF_API_PATHS.staffAccountDisable,
    {
      config: ADMINS_ONLY,
      schema: {
        summary: 'Disable a staff account',
        description:
          "Its sessions end at once and its passkeys sign nobody in. Not the caller's own (409).",
        tags: ['staff'],
        params: ZAccountParamsSchema,
        response: {
          200: ZStaffAccountSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request) => disableStaffAccount(app.db, staffActor(request), request.params.id),
  );

  app.post(
    STAFF_API_PATHS.staffAccountEnrolmentLink,
    {
      config: ADMINS_ONLY,
      schema: {
        summary: 'A new enrolment link for a staff account (recovery)',
        description:
          "Replaces the account's older links, deletes its passkeys and ends its sessions: the " +
          "person enrols again with the new link. Not for a disabled account or the caller's own " +
          '(409).',
        tags: ['staff'],
        params: ZAccountParamsSchema,
        response: {
          200: ZEnrolmentLinkResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request) =>
      renewEnrolmentLink(app.db, app.config.publicOrigin, staffActor(request), request.params.id),
  );

  app.get(
    STAFF_API_PATHS.staffTeamOrganisations,
    {
      config: ADMINS_ONLY,
      schema: {
        summary: 'Every school and agency, for the new account form',
        tags: ['staff'],
        response: { 200: ZStaffOrganisationChoicesSchema },
      },
    },
    async () => ({
      schools: await app.db
        .select({ id: schools.id, name: schools.name })
        .from(schools)
        .orderBy(asc(schools.name), asc(schools.id)),
      agencies: await app.db
        .select({ id: agencies.id, name: agencies.companyName })
        .from(agencies)
        .orderBy(asc(agencies.companyName), asc(agencies.id)),
    }),
  );
};
